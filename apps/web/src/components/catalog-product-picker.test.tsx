import type { ProductLiteResponse } from '@kontor/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { catalogProductOptionKeys } from '@/lib/catalog-product-options';
import { createProductLite, page } from '@/test/fixtures';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { CatalogProductPicker, type CatalogProductChoice } from './catalog-product-picker';

const drill = createProductLite({ sku: 'DRL-18', name: 'Cordless drill' });
const saw = createProductLite({ sku: 'SAW-7', name: 'Circular saw' });

/** GET /catalog/products2/ over the given products (search on SKU or name, or one id); records each query. */
function serveCatalog(products: ProductLiteResponse[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(apiUrl('/catalog/products2/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(Object.fromEntries(params));
      const search = (params.get('search') ?? '').toLowerCase();
      const id = params.get('id');
      return HttpResponse.json(page(products.filter((p) => (id ? p.id === Number(id) : `${p.sku} ${p.name}`.toLowerCase().includes(search)))));
    }),
  );
  return queries;
}

function Controlled({ initial = null, onChange }: { initial?: CatalogProductChoice | null; onChange: (product: CatalogProductChoice | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <CatalogProductPicker
      value={value}
      onChange={(product) => {
        setValue(product);
        onChange(product);
      }}
    />
  );
}

describe('CatalogProductPicker', () => {
  it('searches the light catalog list only once opened, by SKU or name, and hands back the chosen product', async () => {
    const queries = serveCatalog([drill, saw]);
    const onChange = vi.fn();
    const { events } = renderWithApp(<Controlled onChange={onChange} />, { user: testUser });

    const field = screen.getByRole('combobox', { name: 'Product' });
    expect(field).toHaveAttribute('placeholder', 'SKU or name');
    expect(queries).toEqual([]);

    await events.click(field);
    expect(await screen.findByRole('option', { name: 'DRL-18 — Cordless drill' })).toBeInTheDocument();
    expect(queries[0]).toEqual({ limit: '20' });

    await events.type(field, 'nothing-like-it');
    expect(await screen.findByText('No product matches')).toBeInTheDocument();

    await events.clear(field);
    await events.type(field, 'saw');
    await events.click(await screen.findByRole('option', { name: 'SAW-7 — Circular saw' }));
    expect(onChange).toHaveBeenLastCalledWith(saw);
    expect(field).toHaveValue('SAW-7 — Circular saw');

    // Reopened, it lists the catalog again rather than only the chosen product.
    await events.click(field);
    expect(await screen.findByRole('option', { name: 'DRL-18 — Cordless drill' })).toBeInTheDocument();
    expect(queries.map((query) => query.search)).not.toContain('SAW-7 — Circular saw');
  });

  it('shows a value it was given by its SKU and name, and hands back null when cleared', async () => {
    const queries = serveCatalog([drill]);
    const onChange = vi.fn();
    const { events } = renderWithApp(<Controlled initial={{ id: drill.id, sku: drill.sku, name: drill.name }} onChange={onChange} />, { user: testUser });

    const field = screen.getByRole('combobox', { name: 'Product' });
    expect(field).toHaveValue('DRL-18 — Cordless drill');
    expect(queries).toEqual([]);

    await events.click(field);
    await events.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field).toHaveValue('');
  });

  it('as an action (attach): offers no excluded product, hands each choice on and empties the field', async () => {
    serveCatalog([drill, saw]);
    const onChange = vi.fn();
    const { events } = renderWithApp(
      <CatalogProductPicker value={null} clearOnChoose exclude={new Set([drill.id])} label="Attach to product" onChange={onChange} />,
      { user: testUser },
    );

    const field = screen.getByRole('combobox', { name: 'Attach to product' });
    await events.click(field);
    expect(await screen.findByRole('option', { name: 'SAW-7 — Circular saw' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'DRL-18 — Cordless drill' })).not.toBeInTheDocument();

    await events.type(field, 'saw');
    await events.click(await screen.findByRole('option', { name: 'SAW-7 — Circular saw' }));
    expect(onChange).toHaveBeenCalledWith(saw);
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('keeps its queries under the catalog products root, so a catalog change refreshes them', () => {
    expect(catalogProductOptionKeys.search('x')[0]).toBe('products');
    expect(catalogProductOptionKeys.one(1)[0]).toBe('products');
  });
});
