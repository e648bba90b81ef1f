import {
  BulkDescriptionPatch,
  EXACT_COUNT_LIMIT,
  GenerateDescriptionsBody,
  LANGUAGES,
  LLM_NOT_CONFIGURED,
  TranslateDescriptionsBody,
  noSourceDescription,
  type BulkDescriptionRow,
  type DescriptionCopy,
  type Language,
  type MachineCopyProposal,
  type ProductDescriptionResponse,
} from '@kontor/contract';
import { http, HttpResponse, delay } from 'msw';
import type { z } from 'zod';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';

export type TestProduct = {
  id: number;
  sku: string;
  name: string;
  descriptions: Partial<Record<Language, Partial<DescriptionCopy> & { source?: string; machine_translation?: boolean }>>;
};

function descriptionOf(product: TestProduct, language: Language): ProductDescriptionResponse | null {
  const copy = product.descriptions[language];
  if (!copy) return null;
  return {
    // Stable per product and language, like a stored row.
    id: product.id * 10 + LANGUAGES.indexOf(language),
    product: product.id,
    language,
    name: copy.name ?? '',
    content: copy.content ?? '',
    excerpt: copy.excerpt ?? '',
    meta_title: copy.meta_title ?? '',
    meta_keywords: copy.meta_keywords ?? '',
    meta_description: copy.meta_description ?? '',
    source: copy.source ?? 'chatgpt',
    machine_translation: copy.machine_translation ?? false,
    account: 7,
    company: 3,
    created_at: NOW,
    updated_at: NOW,
  };
}

const rowOf = (product: TestProduct, language: Language): BulkDescriptionRow => ({
  id: product.id,
  sku: product.sku,
  name: product.name,
  languages: (['DA', 'EN', 'NO', 'SV'] as const).filter((l) => product.descriptions[l]),
  description: descriptionOf(product, language),
});

type Request = { method: string; path: string; query: Record<string, string>; body: unknown };
export type MachineMode = 'ok' | 'not-configured' | 'upstream-fails';

/** A DRF 400 from the contract's own validation, as the API answers it. */
function invalid(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return HttpResponse.json(errors, { status: 400 });
}

/**
 * An in-memory bulk descriptions back end answering like the API: the page with language, search
 * (SKU, name), limit and offset; PATCH upserting one language; translate/ (`[EN] ` + source) and
 * generate/ proposals, or a 503 / 502 by `machine`. `requests` records every call.
 */
export function createBulkDescriptionsBackend({
  products = [] as TestProduct[],
  failList = false,
  machine = 'ok' as MachineMode,
  refuseSave = null as string | null,
  saveDelayMs = 0,
} = {}) {
  const state = {
    products: products.map((p) => ({ ...p, descriptions: { ...p.descriptions } })),
    requests: [] as Request[],
    machine,
    refuseSave,
    /** Holds the answer to the nth PATCH (from 1) after it was stored, like a slow network on the way back. */
    holdAnswer: null as ((call: number) => Promise<void> | undefined) | null,
  };
  let patchCalls = 0;
  const base = '/catalog/product_descriptions_bulk/';

  const record = async (request: globalThis.Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    state.requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    });
    return url;
  };

  const machineGuard = () => {
    if (state.machine === 'not-configured') return HttpResponse.json({ detail: LLM_NOT_CONFIGURED }, { status: 503 });
    if (state.machine === 'upstream-fails') return HttpResponse.json({ detail: 'The translation service answered HTTP 500.' }, { status: 502 });
    return null;
  };

  const handlers = [
    http.get(apiUrl(base), async ({ request }) => {
      const url = await record(request);
      if (failList) return HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 });
      const language = (url.searchParams.get('language') ?? 'SV') as Language;
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const matching = state.products.filter((p) => !search || p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search));
      return HttpResponse.json({
        count: matching.length,
        // As the API says of a list past EXACT_COUNT_LIMIT rows: its count is the planner's estimate.
        ...(matching.length > EXACT_COUNT_LIMIT ? { count_is_estimate: true } : {}),
        next: null,
        previous: null,
        results: matching.slice(offset, offset + limit).map((p) => rowOf(p, language)),
      });
    }),
    http.patch(apiUrl(`${base}:id/`), async ({ request, params }) => {
      await record(request);
      if (saveDelayMs) await delay(saveDelayMs);
      const product = state.products.find((p) => p.id === Number(params.id));
      if (!product) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const parsed = BulkDescriptionPatch.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      if (state.refuseSave) return HttpResponse.json({ meta_title: [state.refuseSave] }, { status: 400 });
      const { language, ...fields } = parsed.data;
      product.descriptions[language] = { ...product.descriptions[language], ...fields };
      const answer = rowOf(product, language);
      patchCalls += 1;
      await state.holdAnswer?.(patchCalls);
      return HttpResponse.json(answer);
    }),
    http.post(apiUrl(`${base}translate/`), async ({ request }) => {
      await record(request);
      const guard = machineGuard();
      if (guard) return guard;
      const parsed = TranslateDescriptionsBody.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      const { products: ids, source_language: from, target_language: to } = parsed.data;
      const results = ids.map((id): MachineCopyProposal => {
        const source = state.products.find((p) => p.id === id)?.descriptions[from];
        if (!source) return { product: id, source: null, proposal: null, error: noSourceDescription(from) };
        const copy = descriptionOf({ id, sku: '', name: '', descriptions: { [from]: source } }, from)!;
        const fields = ['name', 'content', 'excerpt', 'meta_title', 'meta_keywords', 'meta_description'] as const;
        const sourceCopy = Object.fromEntries(fields.map((f) => [f, copy[f]])) as DescriptionCopy;
        const proposal = Object.fromEntries(fields.map((f) => [f, copy[f] ? `[${to}] ${copy[f]}` : ''])) as DescriptionCopy;
        return { product: id, source: sourceCopy, proposal, error: null };
      });
      return HttpResponse.json({ language: to, source: 'test-model', results });
    }),
    http.post(apiUrl(`${base}generate/`), async ({ request }) => {
      await record(request);
      const guard = machineGuard();
      if (guard) return guard;
      const parsed = GenerateDescriptionsBody.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      const results = parsed.data.products.map((id): MachineCopyProposal => {
        const product = state.products.find((p) => p.id === id)!;
        const name = `${product.name} (${parsed.data.language})`;
        return {
          product: id,
          source: null,
          proposal: { name, content: `<p>${name}</p>`, excerpt: name, meta_title: name, meta_keywords: product.sku, meta_description: name },
          error: null,
        };
      });
      return HttpResponse.json({ language: parsed.data.language, source: 'test-model', results });
    }),
  ];

  return { state, handlers };
}

export const testProducts = (count: number, overrides: (i: number) => Partial<TestProduct> = () => ({})): TestProduct[] =>
  Array.from({ length: count }, (_, i) => ({ id: 100 + i, sku: `SKU-${i + 1}`, name: `Product ${i + 1}`, descriptions: {}, ...overrides(i) }));
