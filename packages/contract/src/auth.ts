import { z } from 'zod';
import { ACCOUNT_ROLE_DEFAULT, COMPANY_ROLE_DEFAULT, COMPANY_ROLES } from './constants.js';

export const LoginBody = z.object({
  username: z.string().trim().min(1, 'This field may not be blank.').max(254),
  password: z.string().min(1, 'This field may not be blank.').max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

/** The refresh token comes in the body (API clients) or the HttpOnly cookie (the SPA). */
export const RefreshBody = z.object({ refresh: z.string().min(1).max(512).optional() });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const PASSWORD_MIN_LENGTH = 10;
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Ensure this field has at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(256, 'Ensure this field has no more than 256 characters.');

export const PasswordResetBody = z.object({ email: z.string().trim().max(254) });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const PasswordResetConfirmBody = z.object({
  token: z.string().min(1, 'This field may not be blank.').max(256),
  password: Password,
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const StatusResponse = z.object({ status: z.string() });

export const CompanyRole = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof CompanyRole>;

/** Spec §3 "Onboarding account details". */
export const OnboardingAccount = z.object({
  first_name: z.string().trim().min(1, 'This field may not be blank.').max(150),
  last_name: z.string().trim().min(1, 'This field may not be blank.').max(150),
  email: z.email('Enter a valid email address.').max(254),
  phonenumber: z.string().trim().max(40).default(''),
  role: z.string().trim().max(40).default(ACCOUNT_ROLE_DEFAULT),
  password: Password,
  password2: z.string().max(256),
  company_name: z.string().trim().max(200).default(''),
  category: z.string().trim().max(100).default(''),
});
export type OnboardingAccount = z.input<typeof OnboardingAccount>;

/** Spec §3 "Company info at registration". */
export const OnboardingCompany = z.object({
  name: z.string().trim().max(200).default(''),
  country: z.string().trim().max(100).default(''),
  url: z.string().trim().max(500).default(''),
  role: CompanyRole.default(COMPANY_ROLE_DEFAULT),
  platform: z.string().trim().max(100).default(''),
  agreed_to_terms: z.boolean(),
});
export type OnboardingCompany = z.input<typeof OnboardingCompany>;

export const DemoRegisterBody = z.object({ account: OnboardingAccount, company: OnboardingCompany }).superRefine((body, ctx) => {
  if (body.account.password !== body.account.password2) {
    ctx.addIssue({ code: 'custom', path: ['account', 'password2'], message: "The two password fields didn't match." });
  }
  if (body.company.agreed_to_terms !== true) {
    ctx.addIssue({ code: 'custom', path: ['company', 'agreed_to_terms'], message: 'You must agree to the terms.' });
  }
  if (!body.company.name && !body.account.company_name) {
    ctx.addIssue({ code: 'custom', path: ['company', 'name'], message: 'This field may not be blank.' });
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
