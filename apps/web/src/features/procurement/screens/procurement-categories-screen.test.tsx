import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createCatalogCategory, createProcurementBackend, createProcurementCategory, createSupplierOption } from '../testing/procurement-backend';
import { ProcurementCategoriesScreen } from './procurement-categories-screen';
import { ProcurementCategoryAddScreen } from './procurement-category-add-screen';
import { ProcurementCategoryEditScreen } from './procurement-category-edit-screen';

const LIST = '/procurements-and-suppliers/categories';
const nordic = createSupplierOption({ id: 1, name: 'Nordic Tools' });
const baltic = createSupplierOption({ id: 2, name: 'Baltic Wood' });
const tools = createCatalogCategory({ title: 'Tools' });
const garden = createCatalogCategory({ title: 'Garden' });
const gardenTools = createCatalogCategory({ title: 'Garden tools' });

/** The list with its add and edit screens, routed as the app routes them. */
const renderCategories = (route: string) =>
  renderWithApp(<ProcurementCategoriesScreen />, {
    user: testUser,
    route,
    path: LIST,
    routes: [
      { path: `${LIST}/add`, element: <ProcurementCategoryAddScreen /> },
      { path: `${LIST}/edit`, element: <ProcurementCategoryEditScreen /> },
    ],
  });

/** A category's row, by its name (a <p>; the parent path under it is a <span>). */
const tableRow = (name: string) => screen.getByText(name, { selector: 'p' }).closest('tr')!;

describe('ProcurementCategoriesScreen', () => {
  it('lists the categories with their path, supplier, products and mapped catalog categories, filtered from the URL', async () => {
    const hand = createProcurementCategory({ name: 'Hand tools', path: 'Hand tools', supplier: 1, products: 3, catalog_categories_auto_create: [tools.id] });
    const saws = createProcurementCategory({
      name: 'Saws',
      path: 'Hand tools > Saws',
      supplier: 1,
      parent: hand.id,
      products: 12,
      catalog_categories_auto_create: [tools.id, gardenTools.id],
    });
    const planks = createProcurementCategory({ name: 'Planks', path: 'Planks', supplier: 2, supplier_name: 'Baltic Wood' });
    const backend = createProcurementBackend({
      suppliers: [nordic, baltic],
      categories: [hand, saws, planks],
      catalogCategories: [tools, garden, gardenTools],
    });
    server.use(...backend.handlers);
    const { events, router } = renderCategories(`${LIST}?supplier=1`);

    const sawsRow = (await screen.findByText('Saws')).closest('tr')!;
    expect(screen.queryByText('Planks')).not.toBeInTheDocument();
    expect(within(sawsRow).getByLabelText('Path of Saws')).toHaveTextContent('Hand tools');
    expect(within(sawsRow).getByText('Nordic Tools')).toBeInTheDocument();
    expect(within(sawsRow).getByText('12')).toBeInTheDocument();
    const chips = within(sawsRow).getByLabelText('Catalog categories of Saws');
    expect(await within(chips).findByText('Garden tools')).toBeInTheDocument();
    expect(within(chips).getByText('Tools')).toBeInTheDocument();
    expect(within(tableRow('Hand tools')).getByText('Tools')).toBeInTheDocument();
    const list = backend.state.requests.find((r) => r.path === '/procurement/categories/');
    expect(list?.query).toMatchObject({ supplier: '1', limit: '50', offset: '0' });
    // One call names every mapped catalog category of the page.
    const byIds = backend.state.requests.filter((r) => r.path === '/catalog/categories/');
    expect(byIds).toHaveLength(1);
    expect(byIds[0]?.query.id__in).toBe([tools.id, gardenTools.id].sort((a, b) => a - b).join(','));

    await within(screen.getByLabelText('Supplier')).findByRole('option', { name: 'Baltic Wood' });
    expect(screen.getByLabelText('Supplier')).toHaveValue('1');
    await events.selectOptions(screen.getByLabelText('Supplier'), 'All suppliers');
    expect(await screen.findByText('Planks')).toBeInTheDocument();
    expect(within(tableRow('Planks')).getByText('Not mapped')).toBeInTheDocument();
    await events.type(screen.getByLabelText('Search categories'), 'saw{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=saw'));
    await waitFor(() => expect(screen.queryByText('Planks')).not.toBeInTheDocument());
    expect(screen.getByText('Saws')).toBeInTheDocument();
  });

  it('adds a category under a parent of the chosen supplier, then goes back to the list', async () => {
    const hand = createProcurementCategory({ name: 'Hand tools', path: 'Hand tools', supplier: 1 });
    const planks = createProcurementCategory({ name: 'Planks', path: 'Planks', supplier: 2, supplier_name: 'Baltic Wood' });
    const backend = createProcurementBackend({ suppliers: [nordic, baltic], categories: [hand, planks] });
    server.use(...backend.handlers);
    const { events, router } = renderCategories(`${LIST}?supplier=1`);

    await screen.findByText('Hand tools');
    await events.click(screen.getByRole('link', { name: 'Add category' }));
    const form = await screen.findByRole('form', { name: 'Add supplier category' });
    expect(router.state.location.pathname).toBe(`${LIST}/add`);

    const supplier = within(form).getByLabelText(/Supplier/);
    await within(supplier).findByRole('option', { name: 'Nordic Tools' });
    await events.selectOptions(supplier, 'Nordic Tools');
    await events.type(within(form).getByLabelText(/^Name/), 'Chisels');
    await events.click(within(form).getByLabelText('Parent category'));
    // Only the chosen supplier's categories are offered.
    await events.click(await screen.findByRole('option', { name: 'Hand tools' }));
    expect(screen.queryByRole('option', { name: 'Planks' })).not.toBeInTheDocument();
    await events.type(within(form).getByLabelText('Description'), 'Wood');
    await events.type(within(form).getByLabelText('URL'), 'https://n.se/c{Enter}');

    expect(await screen.findByText(MESSAGES.categoryAdded)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'POST' && r.path === '/procurement/categories/')?.body).toEqual({
      supplier: 1,
      name: 'Chisels',
      parent: hand.id,
      description: 'Wood',
      url: 'https://n.se/c',
    });
    // Back on the list it came from, filters and all.
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(router.state.location.search).toBe('?supplier=1');
    expect(await screen.findByText('Chisels')).toBeInTheDocument();
    expect(within(tableRow('Chisels')).getByLabelText('Path of Chisels')).toHaveTextContent('Hand tools');
  });

  it('checks the form before sending, and shows a server field error (a path the supplier already has)', async () => {
    const hand = createProcurementCategory({ name: 'Hand tools', path: 'Hand tools', supplier: 1 });
    const backend = createProcurementBackend({ suppliers: [nordic], categories: [hand] });
    server.use(...backend.handlers);
    const { events } = renderCategories(`${LIST}/add`);

    const form = await screen.findByRole('form', { name: 'Add supplier category' });
    await events.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    expect(within(form).getByText('This field may not be blank.')).toBeInTheDocument();
    expect(backend.state.requests.some((r) => r.method === 'POST')).toBe(false);

    const supplier = within(form).getByLabelText(/Supplier/);
    await within(supplier).findByRole('option', { name: 'Nordic Tools' });
    await events.selectOptions(supplier, 'Nordic Tools');
    await events.type(within(form).getByLabelText(/^Name/), 'Hand tools{Enter}');
    expect(await within(form).findByText('This supplier already has a category with this path.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.categoryAdded)).not.toBeInTheDocument();
  });

  it('edits a category and its mapping to catalog categories, sent as ids', async () => {
    const saws = createProcurementCategory({ name: 'Saws', path: 'Hand tools > Saws', supplier: 1, catalog_categories_auto_create: [tools.id] });
    const backend = createProcurementBackend({ suppliers: [nordic], categories: [saws], catalogCategories: [tools, garden, gardenTools] });
    server.use(...backend.handlers);
    const { events, router } = renderCategories(LIST);

    await events.click(await screen.findByRole('link', { name: 'Edit Saws' }));
    const form = await screen.findByRole('form', { name: 'Edit supplier category' });
    expect(router.state.location.pathname).toBe(`${LIST}/edit`);
    expect(router.state.location.search).toBe(`?id=${saws.id}`);
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Saws');
    const mapping = within(form).getByLabelText('Catalog categories');
    // The current mapping shows as a chip with the catalog category's title.
    expect(within(form).getByRole('button', { name: 'Tools' })).toBeInTheDocument();

    await events.clear(within(form).getByLabelText(/^Name/));
    await events.type(within(form).getByLabelText(/^Name/), 'Hand saws');
    await events.type(mapping, 'gard');
    await events.click(await screen.findByRole('option', { name: 'Garden tools' }));
    expect(backend.state.requests.some((r) => r.path === '/catalog/categories/' && r.query.search === 'gard')).toBe(true);
    await events.keyboard('{Escape}');
    // Remove the old mapping: Backspace in the empty input drops the last chip, so delete the first by its button.
    const toolsChip = within(form).getByRole('button', { name: 'Tools' });
    await events.click(within(toolsChip).getByTestId('CancelIcon'));
    expect(within(form).queryByRole('button', { name: 'Tools' })).not.toBeInTheDocument();
    await events.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.categoryUpdated)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: `/procurement/categories/${saws.id}/`,
      body: { name: 'Hand saws', description: '', url: '', catalog_categories_auto_create: [gardenTools.id] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    const row = (await screen.findByText('Hand saws')).closest('tr')!;
    expect(await within(row).findByText('Garden tools')).toBeInTheDocument();
    expect(within(row).queryByText('Tools')).not.toBeInTheDocument();
  });

  it('says so when the category to edit does not exist', async () => {
    const backend = createProcurementBackend({ suppliers: [nordic] });
    server.use(...backend.handlers);
    renderCategories(`${LIST}/edit?id=4242`);
    expect(await screen.findByText(MESSAGES.notFound)).toBeInTheDocument();
  });

  it('deletes a category after confirming: 1 category deleted successfully, and the row leaves the list', async () => {
    const saws = createProcurementCategory({ name: 'Saws', path: 'Saws', supplier: 1 });
    const drills = createProcurementCategory({ name: 'Drills', path: 'Drills', supplier: 1 });
    const backend = createProcurementBackend({ suppliers: [nordic], categories: [saws, drills] });
    server.use(...backend.handlers);
    const { events } = renderCategories(LIST);

    await events.click(await screen.findByRole('button', { name: 'Delete Saws' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category?' });
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.categoryDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Saws')).not.toBeInTheDocument());
    expect(screen.getByText('Drills')).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'DELETE')?.path).toBe(`/procurement/categories/${saws.id}/`);
  });

  it('shows the error message when a delete fails, and keeps the row', async () => {
    const saws = createProcurementCategory({ name: 'Saws', path: 'Saws', supplier: 1 });
    const backend = createProcurementBackend({ suppliers: [nordic], categories: [saws] });
    backend.state.deleteFailure = { status: 409, body: { detail: 'This category is in use by a running feed import.' } };
    server.use(...backend.handlers);
    const { events } = renderCategories(LIST);

    await events.click(await screen.findByRole('button', { name: 'Delete Saws' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete category?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This category is in use by a running feed import.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.categoryDeleted)).not.toBeInTheDocument();
    expect(screen.getByText('Saws')).toBeInTheDocument();
  });

  it('deleting the only category of the last page does not claim there are no categories', async () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      createProcurementCategory({ name: `Cat ${String(i).padStart(2, '0')}`, path: `Cat ${String(i).padStart(2, '0')}`, supplier: 1 }),
    );
    const last = createProcurementCategory({ name: 'Zebra', path: 'Zebra', supplier: 1 });
    const backend = createProcurementBackend({ suppliers: [nordic], categories: [...many, last] });
    server.use(...backend.handlers);
    const { events, router } = renderCategories(`${LIST}?page=1`);

    await events.click(await screen.findByRole('button', { name: 'Delete Zebra' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete category?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No supplier categories yet.')).not.toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Cat 00')).toBeInTheDocument();
  });
});
