import { z } from 'zod';
import { CompanyRole } from './auth.js';
import { listQuery, page } from './common.js';

export const UserListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_role: CompanyRole,
});
export type UserListItem = z.infer<typeof UserListItem>;
export const ListUsersQuery = listQuery({ name: ['icontains'], email: ['icontains'] });
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;
export const UserPage = page(UserListItem);

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
export const CompanyPage = page(CompanyResponse);

export const UpdateCompanyBody = z.strictObject({
  name: z.string().trim().min(1, 'This field may not be blank.').max(200),
  country: z.string().trim().max(100).default(''),
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a valid URL.')
    .default(''),
  platform: z.string().trim().max(100).default(''),
});
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBody>;

/** Spec §3 Bookmark: a saved filter set of a grid view. */
export const BookmarkBody = z.strictObject({
  name: z.string().trim().min(1, 'This field may not be blank.').max(100),
  query: z.string().max(2000).default(''),
  view: z.string().trim().min(1, 'This field may not be blank.').max(100),
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
/** `view` is optional on GET (all of the user's bookmarks); `pinned` lists the sidebar's. */
export const ListBookmarksQuery = z.strictObject({
  view: z.string().max(100).optional(),
  pinned: z.enum(['true', 'false']).optional(),
});
export const BookmarkKeyQuery = z.strictObject({
  view: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
});
export type BookmarkKeyQuery = z.infer<typeof BookmarkKeyQuery>;
/** Pin or unpin many at once: [{view, name, pinned}]. */
export const BulkPinBody = z.strictObject({
  bookmarks: z.array(z.strictObject({ view: z.string().min(1).max(100), name: z.string().min(1).max(100), pinned: z.boolean() })).max(200),
});
export type BulkPinBody = z.infer<typeof BulkPinBody>;
