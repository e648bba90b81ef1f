import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { ACCOUNT_ROLE_DEFAULT, COMPANY_ROLE_DEFAULT, COMPANY_ROLES } from './constants.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

export const LoginBody = z.strictObject({
  username: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(254),
  password: z.string().min(1, DRF_FIELD_MESSAGES.blank).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

/** The refresh token comes in the body (API clients) or the HttpOnly cookie (the SPA). */
export const RefreshBody = z.strictObject({ refresh: z.string().min(1).max(512).optional() });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** The password rule's messages (Django's wording): the API's 400 bodies and the web forms show these. */
export const PASSWORD_MESSAGES = {
  tooShort: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: DRF_FIELD_MESSAGES.maxLength(PASSWORD_MAX_LENGTH),
  tooCommon: 'This password is too common.',
  similarToEmail: 'The password is too similar to the email address.',
} as const;

/** The password is the email address or its local part (before the @), ignoring letter case. */
export function passwordMatchesEmail(password: string, email: string): boolean {
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (!candidate || !address) return false;
  const at = address.lastIndexOf('@');
  return candidate === address || (at > 0 && candidate === address.slice(0, at));
}

/**
 * The password rule (OWASP ASVS 4.0 2.1), the one place it is written: at least
 * PASSWORD_MIN_LENGTH characters (code points, so an emoji is one), at most PASSWORD_MAX_LENGTH,
 * not in COMMON_PASSWORDS, and not the account's email or its local part when the email is known.
 * Every password that is set goes through it: registration, password reset, password change and
 * a user made by an Admin. Answers each message that applies; none when the password is allowed.
 */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) problems.push(PASSWORD_MESSAGES.tooCommon);
  if (email !== undefined && passwordMatchesEmail(password, email)) problems.push(PASSWORD_MESSAGES.similarToEmail);
  return problems;
}

/**
 * A new password, checked by passwordProblems without the email. Bodies that carry the email
 * (registration, a user made by an Admin) add the email check at their password field; where the
 * email is only known to the server (reset, change) the service adds it.
 */
export const Password = z
  .string()
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  })
  .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

/** An email address as DRF's EmailField takes it: around whitespace trimmed, then checked. */
const EmailAddress = z.string().trim().pipe(z.email(DRF_FIELD_MESSAGES.email).max(254));

/**
 * Any well-formed address is answered alike, whether an account has it or not (no enumeration,
 * DESIGN §4); a malformed one is bad input, refused as DRF's EmailField refuses it, and sends nothing.
 */
export const PasswordResetBody = z.strictObject({ email: EmailAddress });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const PasswordResetConfirmBody = z.strictObject({
  token: z.string().min(1, DRF_FIELD_MESSAGES.blank).max(256),
  password: Password,
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const StatusResponse = z.object({ status: z.string() });

export const PASSWORD_CHANGE_MESSAGES = {
  oldPasswordIncorrect: 'Your old password was entered incorrectly. Please enter it again.',
} as const;

/**
 * POST /user/password_change/ (the signed-in user's own password). Answers a new token pair for
 * this session; every other session of the user ends.
 */
export const PasswordChangeBody = z.strictObject({
  old_password: z.string().min(1, DRF_FIELD_MESSAGES.blank).max(1024),
  new_password: Password,
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

export const CompanyRole = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof CompanyRole>;

/** Spec §3 "Onboarding account details". */
export const OnboardingAccount = z.strictObject({
  first_name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(150),
  last_name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(150),
  email: EmailAddress,
  phonenumber: z.string().trim().max(40).default(''),
  role: z.string().trim().max(40).default(ACCOUNT_ROLE_DEFAULT),
  password: Password,
  password2: z.string().max(256),
  company_name: z.string().trim().max(200).default(''),
  category: z.string().trim().max(100).default(''),
});
export type OnboardingAccount = z.input<typeof OnboardingAccount>;

/** Spec §3 "Company info at registration". */
export const OnboardingCompany = z.strictObject({
  name: z.string().trim().max(200).default(''),
  country: z.string().trim().max(100).default(''),
  url: z.string().trim().max(500).default(''),
  role: CompanyRole.default(COMPANY_ROLE_DEFAULT),
  platform: z.string().trim().max(100).default(''),
  agreed_to_terms: z.boolean(),
});
export type OnboardingCompany = z.input<typeof OnboardingCompany>;

/** The registrant's company role: the company they create needs an Admin to add its team (ADR 0017). */
export const REGISTRATION_ROLE_MESSAGE = 'The person who registers a company is its Admin; add Staff users from the team page afterwards.';

export const DemoRegisterBody = z.strictObject({ account: OnboardingAccount, company: OnboardingCompany }).superRefine((body, ctx) => {
  // The object refinement also runs when fields failed their own checks: only compare strings.
  const { password, email } = body.account as { password: unknown; email: unknown };
  if (typeof password === 'string' && typeof email === 'string' && passwordMatchesEmail(password, email)) {
    ctx.addIssue({ code: 'custom', path: ['account', 'password'], message: PASSWORD_MESSAGES.similarToEmail });
  }
  if (body.account.password !== body.account.password2) {
    ctx.addIssue({ code: 'custom', path: ['account', 'password2'], message: "The two password fields didn't match." });
  }
  if (body.company.agreed_to_terms !== true) {
    ctx.addIssue({ code: 'custom', path: ['company', 'agreed_to_terms'], message: 'You must agree to the terms.' });
  }
  if (body.company.role !== undefined && body.company.role !== COMPANY_ROLE_DEFAULT) {
    ctx.addIssue({ code: 'custom', path: ['company', 'role'], message: REGISTRATION_ROLE_MESSAGE });
  }
  if (!body.company.name && !body.account.company_name) {
    ctx.addIssue({ code: 'custom', path: ['company', 'name'], message: DRF_FIELD_MESSAGES.blank });
  }
});
export type DemoRegisterBody = z.input<typeof DemoRegisterBody>;

export const UserResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phonenumber: z.string(),
  role: z.string(),
  company_role: CompanyRole,
  /** The company id, as the DRF back end sent it. */
  company: z.number().int(),
  company_name: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
});
export type UserResponse = z.infer<typeof UserResponse>;
