import type { LinkedFilter, TaxonomyChannel } from './channels';

export type TaxonomyListParams = { search: string; linked: LinkedFilter; page: number; pageSize: number };

/** One root per channel: a link or unlink refetches every list of that channel (the linked flags change). */
export const taxonomiesKeys = {
  channel: (channel: TaxonomyChannel) => ['taxonomies', channel] as const,
  list: (channel: TaxonomyChannel, params: TaxonomyListParams) => [...taxonomiesKeys.channel(channel), 'list', params] as const,
};
