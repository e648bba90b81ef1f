import { z } from 'zod';
import { CompanyRole, Password, PASSWORD_MESSAGES, passwordMatchesEmail } from './auth.js';
import { listQuery, page } from './common.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

export const UserListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_role: CompanyRole,
  /** A deactivated user cannot log in; their sessions ended when they were deactivated. */
  is_active: z.boolean(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const USER_MESSAGES = {
  emailTaken: 'A user with that email already exists.',
  lastAdmin: 'The company must keep at least one active Admin.',
} as const;

/** POST /users/ (Admin only): a new user of the caller's company, Staff unless said otherwise. */
export const CreateUserBody = z
  .strictObject({
    email: z.email(DRF_FIELD_MESSAGES.email).max(254),
    first_name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(150),
    last_name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(150),
    phonenumber: z.string().trim().max(40).default(''),
    company_role: CompanyRole.default('Staff'),
    password: Password,
  })
  .superRefine((body, ctx) => {
    const { password, email } = body as { password: unknown; email: unknown };
    if (typeof password === 'string' && typeof email === 'string' && passwordMatchesEmail(password, email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.similarToEmail });
    }
  });
export type CreateUserBody = z.input<typeof CreateUserBody>;

/**
 * PATCH /users/{id}/ (Admin only): names, role, and deactivation (`is_active: false`). The email
 * (the login) and the password are the user's own to change.
 */
export const UpdateUserBody = z.strictObject({
  first_name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(150).optional(),
  last_name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(150).optional(),
  phonenumber: z.string().trim().max(40).optional(),
  company_role: CompanyRole.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof UpdateUserBody>;
/** `name__icontains` matches the first name, the last name, "first last" and the email. */
export const ListUsersQuery = listQuery({ name: ['icontains'], email: ['icontains'] });
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;
export const UserPage = page(UserListItem);
export type UserPage = z.infer<typeof UserPage>;

export const CompanyResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  url: z.string(),
  platform: z.string(),
  agreed_to_terms: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyResponse = z.infer<typeof CompanyResponse>;
export const ListCompaniesQuery = listQuery({ name: ['icontains'] });
export type ListCompaniesQuery = z.infer<typeof ListCompaniesQuery>;
export const CompanyPage = page(CompanyResponse);
export type CompanyPage = z.infer<typeof CompanyPage>;

/** As DRF does for fields that are not required: one left out of a PUT keeps its stored value. */
export const UpdateCompanyBody = z.strictObject({
  name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(200),
  country: z.string().trim().max(100).optional(),
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), DRF_FIELD_MESSAGES.url)
    .optional(),
  platform: z.string().trim().max(100).optional(),
});
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBody>;

export const BOOKMARK_NAME_TAKEN = 'A bookmark with this name already exists for this view.';

const BookmarkView = z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(100);
const BookmarkName = z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(100);

/** Spec §3 Bookmark: a saved filter set of a grid view. */
export const BookmarkBody = z.strictObject({
  name: BookmarkName,
  query: z.string().max(2000).default(''),
  view: BookmarkView,
  pinned: z.boolean().default(false),
});
export type BookmarkBody = z.input<typeof BookmarkBody>;
export const BookmarkResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  view: z.string(),
  pinned: z.boolean(),
  created_at: z.string(),
});
export type BookmarkResponse = z.infer<typeof BookmarkResponse>;
/** Bookmarks are not paginated: a plain array ordered by view, then name. */
export const BookmarkList = z.array(BookmarkResponse);
export type BookmarkList = z.infer<typeof BookmarkList>;
/** `view` is optional on GET (all of the user's bookmarks); `pinned` lists the sidebar's. */
export const ListBookmarksQuery = z.strictObject({
  view: z.string().trim().max(100).optional(),
  pinned: z.enum(['true', 'false']).optional(),
});
export type ListBookmarksQuery = z.infer<typeof ListBookmarksQuery>;
/** A bookmark is addressed by (view, name), trimmed as they were when it was saved. */
export const BookmarkKeyQuery = z.strictObject({ view: BookmarkView, name: BookmarkName });
export type BookmarkKeyQuery = z.infer<typeof BookmarkKeyQuery>;
/** Pin or unpin many at once: [{view, name, pinned}]; all or nothing. */
export const BulkPinBody = z.strictObject({
  bookmarks: z.array(z.strictObject({ view: BookmarkView, name: BookmarkName, pinned: z.boolean() })).max(200),
});
export type BulkPinBody = z.infer<typeof BulkPinBody>;
