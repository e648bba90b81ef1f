import { MAX_PAGE_SIZE, type GoogleTaxonomyLinkPage, type UserResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/current-user';
import { linksPath, type TaxonomyChannel } from './channels';
import { taxonomiesKeys } from './query-keys';

/**
 * Spec §6/§7: a link is made for the user's account; a Facebook link also names the company,
 * since the Facebook selection is the company's.
 */
export const linkBody = (channel: TaxonomyChannel, user: UserResponse, taxonomy: number) =>
  channel === 'google' ? { account: user.id, taxonomy } : { account: user.id, company: user.company, taxonomy };

/** POST /taxonomies/{channel}/links/ -> 201 */
export const linkTaxonomy = (channel: TaxonomyChannel, user: UserResponse, taxonomy: number) => api.post(linksPath(channel), linkBody(channel, user, taxonomy));

/**
 * Spec §7: to unlink, GET the links of the item, then DELETE {id} for each one. The server
 * keeps one link per item and owner, but a list is what the spec asks to clear.
 */
export async function unlinkTaxonomy(channel: TaxonomyChannel, taxonomy: number): Promise<void> {
  const links = await api.get<GoogleTaxonomyLinkPage>(linksPath(channel), { query: { taxonomy, limit: MAX_PAGE_SIZE } });
  for (const link of links.results) await api.delete(`${linksPath(channel)}${link.id}/`);
}

/** `linked: true` links the item, `false` unlinks it; either way the channel's lists are read again. */
export function useSetTaxonomyLinked(channel: TaxonomyChannel) {
  const user = useRequiredUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taxonomy, linked }: { taxonomy: number; linked: boolean }) =>
      linked ? linkTaxonomy(channel, user, taxonomy) : unlinkTaxonomy(channel, taxonomy),
    // Refetched on failure too: a refused link usually means the list was out of date (linked elsewhere meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxonomiesKeys.channel(channel) }),
  });
}
