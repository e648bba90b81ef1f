import {
  CreateFacebookTaxonomyLinkBody,
  CreateGoogleTaxonomyLinkBody,
  TAXONOMY_ALREADY_LINKED,
  TAXONOMY_LINK_NOT_YOURS,
  type GoogleTaxonomyItemResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

type Channel = 'google' | 'facebook';
/** An item as stored: the caller's `linked`/`link_id` are worked out per request from the links. */
export type StoredTaxonomyItem = Omit<GoogleTaxonomyItemResponse, 'linked' | 'link_id'>;
type StoredLink = { id: number; channel: Channel; taxonomy: number; account: number; company: number | null };
type RecordedRequest = { method: string; channel: Channel; path: string; query: Record<string, string>; body: unknown };

let nextId = 5000;

export const createTaxonomyItem = (overrides: Partial<StoredTaxonomyItem> = {}): StoredTaxonomyItem => {
  const id = overrides.id ?? ++nextId;
  return { id, taxonomy_id: id + 100_000, slug_en: `Item ${id}`, slug_sv: `Sak ${id}`, level: 0, ...overrides };
};

/**
 * An in-memory taxonomy back end answering like the API: both channels' lists (search in both
 * slugs, every word; linked True/False; taxonomy_id, id__in; offset/limit), their links (GET by
 * taxonomy, POST with the owner checks and one link per item, DELETE). Google links belong to the
 * user, Facebook links to the company. `requests` records every call; `failList` fails the lists.
 */
export function createTaxonomiesBackend({
  google = [] as StoredTaxonomyItem[],
  facebook = [] as StoredTaxonomyItem[],
  links = [] as { channel: Channel; taxonomy: number }[],
  failList = false,
} = {}) {
  let linkId = 800;
  const state = {
    items: { google: [...google], facebook: [...facebook] },
    links: links.map((link): StoredLink => ({ id: ++linkId, account: testUser.id, company: link.channel === 'facebook' ? testUser.company : null, ...link })),
    requests: [] as RecordedRequest[],
  };
  const linkOf = (channel: Channel, taxonomy: number) => state.links.find((l) => l.channel === channel && l.taxonomy === taxonomy);
  const present = (channel: Channel, item: StoredTaxonomyItem) => {
    const link = linkOf(channel, item.id);
    return { ...item, linked: Boolean(link), link_id: link?.id ?? null };
  };

  const record = async (channel: Channel, request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'POST' ? await request.clone().text() : '';
    state.requests.push({
      method: request.method,
      channel,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    });
    return url;
  };

  const handlersOf = (channel: Channel) => [
    http.get(apiUrl(`/taxonomies/${channel}/`), async ({ request }) => {
      const url = await record(channel, request);
      if (failList) return HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 });
      const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const linked = url.searchParams.get('linked');
      const ids = url.searchParams.get('id__in')?.split(',').map(Number);
      const rows = state.items[channel]
        .filter((item) => words.every((word) => `${item.slug_en} ${item.slug_sv}`.toLowerCase().includes(word)))
        .filter((item) => linked === null || Boolean(linkOf(channel, item.id)) === (linked === 'True'))
        .filter((item) => !ids || ids.includes(item.id))
        .sort((a, b) => a.slug_en.localeCompare(b.slug_en))
        .map((item) => present(channel, item));
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.get(apiUrl(`/taxonomies/${channel}/links/`), async ({ request }) => {
      const url = await record(channel, request);
      const taxonomy = url.searchParams.get('taxonomy');
      const rows = state.links
        .filter((l) => l.channel === channel && (taxonomy === null || l.taxonomy === Number(taxonomy)))
        .map(({ id, account, company, taxonomy: item }) => ({
          id,
          account,
          taxonomy: item,
          ...(channel === 'facebook' ? { company } : {}),
          taxonomy_item: state.items[channel].find((i) => i.id === item),
          created_at: '2026-03-01T10:00:00.000Z',
        }));
      return HttpResponse.json(page(rows));
    }),
    http.post(apiUrl(`/taxonomies/${channel}/links/`), async ({ request }) => {
      await record(channel, request);
      const parsed = (channel === 'google' ? CreateGoogleTaxonomyLinkBody : CreateFacebookTaxonomyLinkBody).safeParse(await request.json());
      if (!parsed.success) return HttpResponse.json({ non_field_errors: parsed.error.issues.map((i) => i.message) }, { status: 400 });
      const body = parsed.data as { account: number; company?: number; taxonomy: number };
      if (body.account !== testUser.id || (channel === 'facebook' && body.company !== testUser.company)) {
        return HttpResponse.json({ non_field_errors: [TAXONOMY_LINK_NOT_YOURS] }, { status: 400 });
      }
      if (!state.items[channel].some((i) => i.id === body.taxonomy)) {
        return HttpResponse.json({ taxonomy: [`Invalid pk "${body.taxonomy}" - object does not exist.`] }, { status: 400 });
      }
      if (linkOf(channel, body.taxonomy)) return HttpResponse.json({ taxonomy: [TAXONOMY_ALREADY_LINKED] }, { status: 400 });
      const link: StoredLink = { id: ++linkId, channel, taxonomy: body.taxonomy, account: body.account, company: body.company ?? null };
      state.links.push(link);
      return HttpResponse.json({ ...link, taxonomy_item: state.items[channel].find((i) => i.id === body.taxonomy) }, { status: 201 });
    }),
    http.delete(apiUrl(`/taxonomies/${channel}/links/:id/`), async ({ params, request }) => {
      await record(channel, request);
      const before = state.links.length;
      state.links = state.links.filter((l) => !(l.channel === channel && l.id === Number(params.id)));
      if (state.links.length === before) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return { state, handlers: [...handlersOf('google'), ...handlersOf('facebook')], linkOf };
}
