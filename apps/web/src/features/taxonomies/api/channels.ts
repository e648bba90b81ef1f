import { PAGE_SIZE } from '@kontor/contract';

export type TaxonomyChannel = 'google' | 'facebook';

/** The `linked` filter in the URL: 'True'/'False' as the API takes it, 'all' for no filter. */
export type LinkedFilter = 'True' | 'False' | 'all';

type ChannelConfig = {
  /** The list endpoint; links live under `${path}links/`. */
  path: string;
  pageSize: number;
  /** What the list shows when the URL names no `linked` filter (spec §9: the Facebook list starts at 'True'). */
  defaultLinked: LinkedFilter;
};

export const TAXONOMY_CHANNELS: Record<TaxonomyChannel, ChannelConfig> = {
  google: { path: '/taxonomies/google/', pageSize: PAGE_SIZE.taxonomies, defaultLinked: 'all' },
  facebook: { path: '/taxonomies/facebook/', pageSize: PAGE_SIZE.facebookList, defaultLinked: 'True' },
};

export const linksPath = (channel: TaxonomyChannel) => `${TAXONOMY_CHANNELS[channel].path}links/`;
