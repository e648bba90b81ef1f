import {
  CATALOG_CATEGORY_PARENT_CYCLE,
  CreateCatalogCategoryBody,
  MoveCatalogCategoryBody,
  UpdateCatalogCategoryBody,
  catalogCategoryInUseMessage,
  positionTooLargeMessage,
  type CatalogCategoryResponse,
  type ProcurementCategoryResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { page } from '@/test/fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 900;
let clock = 0;
/** A fresh updated_at per write, as the server gives. */
const stamp = () => new Date(Date.parse(NOW) + ++clock * 1000).toISOString();

export const createCategory = (overrides: Partial<CatalogCategoryResponse> = {}): CatalogCategoryResponse => {
  const id = overrides.id ?? ++nextId;
  const title = overrides.title ?? `Category ${id}`;
  return {
    id,
    url: `http://localhost/api/catalog/categories/${id}/`,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    created_at: NOW,
    updated_at: NOW,
    url_local: '',
    db_id: null,
    account: testUser.id,
    company: testUser.company,
    parent: null,
    title,
    sub_title: '',
    include_root_in_slug: false,
    order: 0,
    image: null,
    default_category: false,
    news_category: false,
    active: true,
    visible: true,
    comments: '',
    lft: 0,
    rght: 0,
    tree_id: 0,
    level: 0,
    procurement_category_ids: [],
    products_count: 0,
    google_taxonomy: null,
    facebook_taxonomy: null,
    ...overrides,
  };
};

export const createSupplierCategory = (overrides: Partial<ProcurementCategoryResponse> = {}): ProcurementCategoryResponse => {
  const id = overrides.id ?? ++nextId;
  const name = overrides.name ?? `Supplier category ${id}`;
  return {
    id,
    name,
    supplier: 1,
    supplier_name: 'Nordisk Trädgård AB',
    url: '',
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    products: 0,
    created_at: NOW,
    updated_at: NOW,
    url_local: '',
    depth: 0,
    description: '',
    description_html: '',
    db_id: null,
    last_date_scraped: null,
    account: testUser.id,
    company: testUser.company,
    parent: null,
    latest_feed: null,
    urls: [],
    child_category_urls: [],
    product_urls: [],
    catalog_categories_auto_create: [],
    path: name,
    ...overrides,
  };
};

/** A taxonomy item as GET /taxonomies/{channel}/ lists it (the picker reads id, taxonomy_id, slug_en). */
export type TaxonomyRow = { id: number; taxonomy_id: number; slug_en: string; slug_sv: string; level: number };
export const createTaxonomyRow = (overrides: Partial<TaxonomyRow> & Pick<TaxonomyRow, 'slug_en'>): TaxonomyRow => {
  const id = overrides.id ?? ++nextId;
  return { id, taxonomy_id: id + 10_000, slug_sv: overrides.slug_en, level: 0, ...overrides };
};

type RecordedRequest = { method: string; path: string; query: Record<string, string>; body: unknown };

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

/** A DRF 400 body from the contract's own validation, as the API answers it. */
function validate<S extends z.ZodType>(schema: S, body: unknown): { data: z.output<S> } | { error: Response } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) errors[key] = ['Unknown field.'];
    else (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  }
  return { error: HttpResponse.json(errors, { status: 400 }) };
}

/**
 * An in-memory category back end answering like the API: the tree (parent + dense order;
 * lft/rght/level/tree_id recomputed after every change), create, PATCH, move, delete (409 while
 * products sit in it, unless reassign_to), and the supplier categories and taxonomy items the mappings pick from.
 * `requests` records every call; `failNext` answers the next write of a method with a given response.
 */
export function createCategoriesBackend({
  categories = [] as CatalogCategoryResponse[],
  supplierCategories = [] as ProcurementCategoryResponse[],
  taxonomies = { google: [] as TaxonomyRow[], facebook: [] as TaxonomyRow[] },
} = {}) {
  const state = {
    categories: categories.map((row) => ({ ...row })),
    supplierCategories: [...supplierCategories],
    taxonomies,
    requests: [] as RecordedRequest[],
    failNext: null as { method: string; status: number; body: Record<string, unknown> } | null,
  };
  const byId = (id: number) => state.categories.find((c) => c.id === id);
  const siblings = (parent: number | null, except?: number) =>
    state.categories.filter((c) => c.parent === parent && c.id !== except).sort((a, b) => a.order - b.order || a.id - b.id);
  const isInside = (id: number, ancestor: number): boolean => {
    for (let at: number | null = id; at !== null; at = byId(at)?.parent ?? null) if (at === ancestor) return true;
    return false;
  };

  /** Dense order per sibling group and nested-set numbers, as the server's rebuild leaves them. */
  const renumber = () => {
    const groups = new Map<number | null, CatalogCategoryResponse[]>();
    for (const c of state.categories) groups.set(c.parent, [...(groups.get(c.parent) ?? []), c]);
    for (const group of groups.values()) group.sort((a, b) => a.order - b.order || a.id - b.id).forEach((c, i) => (c.order = i));
    let counter = 0;
    const walk = (c: CatalogCategoryResponse, level: number, treeId: number) => {
      Object.assign(c, { level, tree_id: treeId, lft: ++counter });
      for (const child of groups.get(c.id) ?? []) walk(child, level + 1, treeId);
      c.rght = ++counter;
    };
    (groups.get(null) ?? []).forEach((root, i) => {
      counter = 0;
      walk(root, 0, i + 1);
    });
  };
  renumber();

  const place = (category: CatalogCategoryResponse, parent: number | null, position: number) => {
    const list = siblings(parent, category.id);
    list.splice(position, 0, category);
    category.parent = parent;
    list.forEach((c, i) => (c.order = i));
    renumber();
  };

  const checkParent = (id: number | null, parent: number | null | undefined, errors: Record<string, string[]>) => {
    if (parent == null) return;
    if (!byId(parent)) errors.parent = [`Invalid pk "${parent}" - object does not exist.`];
    else if (id !== null && isInside(parent, id)) errors.parent = [CATALOG_CATEGORY_PARENT_CYCLE];
  };

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    state.requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    });
    const failure = state.failNext;
    if (failure && failure.method === request.method) {
      state.failNext = null;
      return { url, failure: HttpResponse.json(failure.body, { status: failure.status }) };
    }
    return { url, failure: null };
  };

  const applyFields = (category: CatalogCategoryResponse, body: z.output<typeof UpdateCatalogCategoryBody>) => {
    const { parent: _parent, order: _order, ...fields } = body;
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(category, { [key]: value });
    if (body.default_category) for (const other of state.categories) if (other.id !== category.id) other.default_category = false;
    category.updated_at = stamp();
  };

  const handlers = [
    http.get(apiUrl('/catalog/categories/'), async ({ request }) => {
      const { url } = await record(request);
      const rows = [...state.categories].sort((a, b) => a.tree_id - b.tree_id || a.lft - b.lft);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.post(apiUrl('/catalog/categories/'), async ({ request }) => {
      const { failure } = await record(request);
      if (failure) return failure;
      const result = validate(CreateCatalogCategoryBody, await request.json());
      if ('error' in result) return result.error;
      const body = result.data;
      const errors: Record<string, string[]> = {};
      checkParent(null, body.parent, errors);
      if (Object.keys(errors).length) return HttpResponse.json(errors, { status: 400 });
      const created = createCategory({ title: body.title, created_at: stamp() });
      applyFields(created, body);
      state.categories.push(created);
      place(created, body.parent ?? null, body.order ?? siblings(body.parent ?? null, created.id).length);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(apiUrl('/catalog/categories/:id/'), async ({ params, request }) => {
      const { failure } = await record(request);
      if (failure) return failure;
      const category = byId(Number(params.id));
      if (!category) return notFound();
      const result = validate(UpdateCatalogCategoryBody, await request.json());
      if ('error' in result) return result.error;
      const body = result.data;
      const errors: Record<string, string[]> = {};
      checkParent(category.id, body.parent, errors);
      if (Object.keys(errors).length) return HttpResponse.json(errors, { status: 400 });
      applyFields(category, body);
      const parent = body.parent === undefined ? category.parent : body.parent;
      if (parent !== category.parent || body.order !== undefined) place(category, parent, body.order ?? siblings(parent, category.id).length);
      return HttpResponse.json(category);
    }),
    http.post(apiUrl('/catalog/categories/:id/move/'), async ({ params, request }) => {
      const { failure } = await record(request);
      if (failure) return failure;
      const category = byId(Number(params.id));
      if (!category) return notFound();
      const result = validate(MoveCatalogCategoryBody, await request.json());
      if ('error' in result) return result.error;
      const { parent, position } = result.data;
      const errors: Record<string, string[]> = {};
      checkParent(category.id, parent, errors);
      const count = siblings(parent, category.id).length;
      if (!errors.parent && position > count) errors.position = [positionTooLargeMessage(count)];
      if (Object.keys(errors).length) return HttpResponse.json(errors, { status: 400 });
      category.updated_at = stamp();
      place(category, parent, position);
      return HttpResponse.json(category);
    }),
    http.delete(apiUrl('/catalog/categories/:id/'), async ({ params, request }) => {
      const { url, failure } = await record(request);
      if (failure) return failure;
      const category = byId(Number(params.id));
      if (!category) return notFound();
      const reassign = url.searchParams.get('reassign_to');
      if (reassign === null && category.products_count > 0) {
        return HttpResponse.json({ detail: catalogCategoryInUseMessage(category.products_count) }, { status: 409 });
      }
      if (reassign !== null) {
        const target = byId(Number(reassign));
        if (!target || target.id === category.id)
          return HttpResponse.json({ reassign_to: [`Invalid pk "${reassign}" - object does not exist.`] }, { status: 400 });
        target.products_count += category.products_count;
      }
      // Its children take its place among its siblings.
      const list = siblings(category.parent).flatMap((c) => (c.id === category.id ? siblings(category.id) : [c]));
      for (const child of siblings(category.id)) child.parent = category.parent;
      list.forEach((c, i) => (c.order = i));
      state.categories = state.categories.filter((c) => c.id !== category.id);
      renumber();
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/procurement/categories/'), async ({ request }) => {
      const { url } = await record(request);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const ids = url.searchParams.get('id__in');
      const rows = state.supplierCategories.filter((c) =>
        ids !== null ? ids.split(',').map(Number).includes(c.id) : c.path.toLowerCase().includes(search) || c.name.toLowerCase().includes(search),
      );
      return HttpResponse.json(page(rows));
    }),
    http.get(apiUrl('/taxonomies/:channel/'), async ({ params, request }) => {
      const { url } = await record(request);
      const items = state.taxonomies[params.channel as 'google' | 'facebook'];
      if (!items) return notFound();
      const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const id = url.searchParams.get('id');
      const rows = items
        .filter((item) => (id === null ? words.every((word) => `${item.slug_en} ${item.slug_sv}`.toLowerCase().includes(word)) : item.id === Number(id)))
        .map((item) => ({ ...item, linked: false, link_id: null }));
      return HttpResponse.json(page(rows.slice(0, Number(url.searchParams.get('limit') ?? 25)), rows.length));
    }),
  ];
  return { state, handlers, byId };
}
