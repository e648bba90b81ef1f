import { MESSAGES, catalogCategoryInUseMessage } from '@kontor/contract';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LEAVE_TITLE } from '@/components/unsaved-changes';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createCategoriesBackend, createCategory, createSupplierCategory } from '../testing/categories-backend';
import { CatalogCategoriesScreen } from './catalog-categories-screen';

const render = (route = '/catalog/category') => renderWithApp(<CatalogCategoriesScreen />, { user: testUser, route });

/** Garden(Tools, Growing), Home(Lights), Outdoor */
function gardenShop() {
  const garden = createCategory({ title: 'Garden', order: 0 });
  const home = createCategory({ title: 'Home', order: 1 });
  const outdoor = createCategory({ title: 'Outdoor', order: 2 });
  const tools = createCategory({ title: 'Tools', parent: garden.id, order: 0, products_count: 3 });
  const growing = createCategory({ title: 'Growing', parent: garden.id, order: 1 });
  const lights = createCategory({ title: 'Lights', parent: home.id, order: 0 });
  const backend = createCategoriesBackend({ categories: [garden, home, outdoor, tools, growing, lights] });
  server.use(...backend.handlers);
  return { backend, garden, home, outdoor, tools, growing, lights };
}

/** The visible tree as 'title@level' in screen order. */
const treeRows = () => screen.getAllByRole('treeitem').map((row) => `${row.getAttribute('aria-label')}@${row.getAttribute('aria-level')}`);
const row = (title: string) => screen.getByRole('treeitem', { name: title });
/** Writes lock the tree (buttons disabled, rows not draggable) until the tree is read again. */
const settled = () => waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
const lastMove = (backend: ReturnType<typeof gardenShop>['backend']) => backend.state.requests.filter((r) => r.path.endsWith('/move/')).at(-1);

describe('CatalogCategoriesScreen', () => {
  it('shows the whole tree in order with levels, and expands and collapses', async () => {
    const { backend } = gardenShop();
    const { events } = render();
    expect(await screen.findByRole('tree', { name: 'Categories' })).toBeInTheDocument();
    expect(treeRows()).toEqual(['Garden@1', 'Tools@2', 'Growing@2', 'Home@1', 'Lights@2', 'Outdoor@1']);
    expect(backend.state.requests[0]?.query).toEqual({ limit: '1000', offset: '0' });
    expect(row('Garden')).toHaveAttribute('aria-expanded', 'true');
    expect(row('Outdoor')).not.toHaveAttribute('aria-expanded');

    await events.click(screen.getByRole('button', { name: 'Collapse Garden' }));
    expect(treeRows()).toEqual(['Garden@1', 'Home@1', 'Lights@2', 'Outdoor@1']);
    await events.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(treeRows()).toEqual(['Garden@1', 'Home@1', 'Outdoor@1']);
    await events.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(treeRows()).toHaveLength(6);
  });

  it('moves the selected category with the buttons and the keyboard, as POST move/ calls', async () => {
    const { backend, garden, home, tools, growing } = gardenShop();
    const { events, router } = render();
    await screen.findByRole('tree');
    expect(screen.getByRole('button', { name: 'Move up' })).toBeDisabled();

    // Keyboard only: focus the tree, walk to Tools with the arrows.
    row('Garden').focus();
    await events.keyboard('{ArrowDown}');
    await waitFor(() => expect(row('Tools')).toHaveAttribute('aria-selected', 'true'));
    expect(row('Tools')).toHaveFocus();
    expect(router.state.location.search).toBe(`?selected=${tools.id}`);
    expect(screen.getByRole('button', { name: 'Move up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Outdent' })).toBeEnabled();

    await events.click(screen.getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Growing@2', 'Tools@2', 'Home@1', 'Lights@2', 'Outdoor@1']));
    expect(lastMove(backend)).toMatchObject({ path: `/catalog/categories/${tools.id}/move/`, body: { parent: garden.id, position: 1 } });

    await settled();
    await events.click(screen.getByRole('button', { name: 'Outdent' }));
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Growing@2', 'Tools@1', 'Home@1', 'Lights@2', 'Outdoor@1']));
    expect(lastMove(backend)?.body).toEqual({ parent: null, position: 1 });

    await settled();
    await events.click(screen.getByRole('button', { name: 'Indent' }));
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Growing@2', 'Tools@2', 'Home@1', 'Lights@2', 'Outdoor@1']));
    expect(lastMove(backend)?.body).toEqual({ parent: garden.id, position: 1 });

    await settled();
    await events.click(screen.getByRole('button', { name: 'Indent' }));
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Growing@2', 'Tools@3', 'Home@1', 'Lights@2', 'Outdoor@1']));
    expect(lastMove(backend)).toMatchObject({ path: `/catalog/categories/${tools.id}/move/`, body: { parent: growing.id, position: 0 } });
    // A first child cannot be indented; a root cannot be outdented.
    await settled();
    await events.click(row('Home'));
    expect(screen.getByRole('button', { name: 'Outdent' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Indent' })).toBeEnabled();
    await events.click(row('Growing'));
    expect(screen.getByRole('button', { name: 'Indent' })).toBeDisabled();
    expect(home.id).toBeGreaterThan(0);
  });

  it('keeps the tree reachable with Tab when the selected category is hidden or unknown', async () => {
    const { tools, home } = gardenShop();
    const { events, router } = render(`/catalog/category?selected=${tools.id}`);
    await screen.findByRole('tree');
    expect(row('Tools')).toHaveAttribute('tabindex', '0');

    // Tools is selected but folded away: Tab from the toolbar still lands in the tree, on the first row.
    await events.click(screen.getByRole('button', { name: 'Collapse all' }));
    screen.getByRole('button', { name: 'Expand all' }).focus();
    await events.tab();
    expect(row('Garden')).toHaveFocus();
    await events.keyboard('{ArrowDown}');
    await waitFor(() => expect(router.state.location.search).toBe(`?selected=${home.id}`));
    expect(row('Home')).toHaveFocus();
  });

  it('keeps the tree reachable with Tab when the URL names a category that no longer exists', async () => {
    gardenShop();
    const { events } = render('/catalog/category?selected=99999');
    await screen.findByRole('tree');
    screen.getByRole('button', { name: 'Collapse all' }).focus();
    await events.tab();
    expect(row('Garden')).toHaveFocus();
  });

  it('drags a category onto another to nest it, and onto a row edge to reorder', async () => {
    const { backend, garden, home, outdoor, lights } = gardenShop();
    render();
    await screen.findByRole('tree');
    const dataTransfer = { setData: () => undefined, effectAllowed: 'all', dropEffect: 'none' };
    const drag = (from: string, to: string, clientY: number) => {
      const target = row(to);
      target.getBoundingClientRect = () => ({ top: 0, bottom: 40, height: 40, left: 0, right: 300, width: 300, x: 0, y: 0, toJSON: () => ({}) });
      // jsdom has no DragEvent, so the pointer's position is put on the event by hand.
      const at = (event: Event) => Object.defineProperty(event, 'clientY', { value: clientY });
      fireEvent.dragStart(row(from), { dataTransfer });
      fireEvent(target, at(createEvent.dragOver(target, { dataTransfer })));
      fireEvent(target, at(createEvent.drop(target, { dataTransfer })));
      fireEvent.dragEnd(row(from), { dataTransfer });
    };

    drag('Outdoor', 'Lights', 20);
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Tools@2', 'Growing@2', 'Home@1', 'Lights@2', 'Outdoor@3']));
    expect(lastMove(backend)).toMatchObject({ path: `/catalog/categories/${outdoor.id}/move/`, body: { parent: lights.id, position: 0 } });

    await settled();
    drag('Home', 'Garden', 2);
    await waitFor(() => expect(treeRows()).toEqual(['Home@1', 'Lights@2', 'Outdoor@3', 'Garden@1', 'Tools@2', 'Growing@2']));
    expect(lastMove(backend)?.body).toEqual({ parent: null, position: 0 });

    await settled();
    drag('Lights', 'Tools', 38);
    await waitFor(() => expect(treeRows()).toEqual(['Home@1', 'Garden@1', 'Tools@2', 'Lights@2', 'Outdoor@3', 'Growing@2']));
    expect(lastMove(backend)?.body).toEqual({ parent: garden.id, position: 1 });

    // Into its own subtree is no drop target: nothing is sent.
    await settled();
    const moves = backend.state.requests.filter((r) => r.path.endsWith('/move/')).length;
    drag('Lights', 'Outdoor', 20);
    drag('Home', 'Home', 20);
    expect(backend.state.requests.filter((r) => r.path.endsWith('/move/'))).toHaveLength(moves);
    expect(home.id).toBeGreaterThan(0);
  });

  it('shows the server’s refusal of a move', async () => {
    const { backend, tools } = gardenShop();
    const { events } = render(`/catalog/category?selected=${tools.id}`);
    await screen.findByRole('tree');
    backend.state.failNext = { method: 'POST', status: 400, body: { position: ['Ensure this value is less than or equal to 1.'] } };
    await events.click(screen.getByRole('button', { name: 'Move down' }));
    expect(await screen.findByText('Ensure this value is less than or equal to 1.')).toBeInTheDocument();
    expect(treeRows()).toEqual(['Garden@1', 'Tools@2', 'Growing@2', 'Home@1', 'Lights@2', 'Outdoor@1']);
  });

  it('edits the selected category with PATCH, shows a 400 on its field, and maps supplier categories by id', async () => {
    const { backend, tools, home } = gardenShop();
    const spades = createSupplierCategory({ name: 'Spades', path: 'Tools > Spades' });
    const rakes = createSupplierCategory({ name: 'Rakes', path: 'Tools > Rakes' });
    backend.state.supplierCategories.push(spades, rakes);
    backend.byId(tools.id)!.procurement_category_ids = [rakes.id];
    const { events } = render(`/catalog/category?selected=${tools.id}`);
    const form = await screen.findByRole('form', { name: 'Edit Tools' });
    expect(within(form).getByText('Garden › Tools')).toBeInTheDocument();
    expect(within(form).getByText(/3 products/)).toBeInTheDocument();
    expect(await within(form).findByRole('button', { name: 'Nordisk Trädgård AB: Tools > Rakes' })).toBeInTheDocument();

    backend.state.failNext = { method: 'PATCH', status: 400, body: { title: ['Ensure this field has no more than 200 characters.'] } };
    const title = within(form).getByLabelText(/^Title/);
    await events.clear(title);
    await events.type(title, 'Garden tools');
    await events.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Ensure this field has no more than 200 characters.'));

    await events.click(within(form).getByLabelText('Visible in the shop'));
    await events.selectOptions(within(form).getByLabelText('Parent'), 'Home');
    await events.click(within(form).getByLabelText('Supplier categories'));
    await events.click(await screen.findByRole('option', { name: 'Nordisk Trädgård AB: Tools > Spades' }));
    await events.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.categoryUpdated)).toBeInTheDocument();
    const patch = backend.state.requests.filter((r) => r.method === 'PATCH').at(-1);
    expect(patch).toMatchObject({ path: `/catalog/categories/${tools.id}/` });
    expect(patch?.body).toMatchObject({ title: 'Garden tools', visible: false, parent: home.id, procurement_category_ids: [rakes.id, spades.id] });
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Growing@2', 'Home@1', 'Lights@2', 'Garden tools@2', 'Outdoor@1']));
  });

  it('keeps an unsaved title when the selected category is moved, and takes its new parent; a save leaves the form clean', async () => {
    const { backend, tools } = gardenShop();
    const { events } = render(`/catalog/category?selected=${tools.id}`);
    const form = await screen.findByRole('form', { name: 'Edit Tools' });
    const title = within(form).getByLabelText(/^Title/);
    await events.clear(title);
    await events.type(title, 'Garden tools');

    await events.click(screen.getByRole('button', { name: 'Outdent' }));
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Growing@2', 'Tools@1', 'Home@1', 'Lights@2', 'Outdoor@1']));
    await settled();
    // The move reached the form (its parent is now none) without taking the typed title away.
    await waitFor(() => expect(within(form).getByLabelText('Parent')).toHaveValue(''));
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Garden tools');

    await events.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.categoryUpdated)).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toMatchObject({ title: 'Garden tools', parent: null });
    const saved = await screen.findByRole('form', { name: 'Edit Garden tools' });
    await waitFor(() => expect(within(saved).getByRole('button', { name: 'Reset' })).toBeDisabled());
  });

  it('asks before another category replaces an unsaved title, but not after the edited category is deleted', async () => {
    const { garden, growing } = gardenShop();
    const { events, router } = render(`/catalog/category?selected=${growing.id}`);
    const form = await screen.findByRole('form', { name: 'Edit Growing' });
    await events.type(within(form).getByLabelText(/^Title/), ' beds');

    await events.click(row('Home'));
    expect(await screen.findByRole('dialog', { name: LEAVE_TITLE })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE_TITLE })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe(`?selected=${growing.id}`);
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Growing beds');

    // Deleting the category being edited: its edits are moot, the parent is selected without a question.
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.categoryDeleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?selected=${garden.id}`));
    expect(screen.queryByRole('dialog', { name: LEAVE_TITLE })).not.toBeInTheDocument();
  });

  it('adds a top-level category and a subcategory of the selected one', async () => {
    const { backend, home } = gardenShop();
    const { events } = render(`/catalog/category?selected=${home.id}`);
    await screen.findByRole('tree');
    await events.click(screen.getByRole('button', { name: 'Add subcategory' }));
    const dialog = await screen.findByRole('dialog', { name: 'New subcategory' });
    expect(dialog).toHaveTextContent('It goes last under Home.');
    await events.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeInTheDocument();
    await events.type(within(dialog).getByLabelText(/^Title/), 'Textiles');
    await events.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MESSAGES.categoryAdded)).toBeInTheDocument();
    await waitFor(() => expect(row('Textiles')).toHaveAttribute('aria-selected', 'true'));
    expect(treeRows()).toEqual(['Garden@1', 'Tools@2', 'Growing@2', 'Home@1', 'Lights@2', 'Textiles@2', 'Outdoor@1']);
    expect(backend.state.requests.find((r) => r.method === 'POST')?.body).toEqual({ title: 'Textiles', sub_title: '', parent: home.id });

    await events.click(screen.getByRole('button', { name: 'Add category' }));
    const top = await screen.findByRole('dialog', { name: 'New top-level category' });
    await events.type(within(top).getByLabelText(/^Title/), 'Sale');
    await events.click(within(top).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(treeRows().at(-1)).toBe('Sale@1'));
  });

  it('adds once when Enter is pressed twice quickly in the add category dialog', async () => {
    const { backend } = gardenShop();
    const { events } = render();
    await screen.findByRole('tree');
    await events.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New top-level category' });
    await events.type(within(dialog).getByLabelText(/^Title/), 'Sale');
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(MESSAGES.categoryAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('deletes once when Enter is pressed twice quickly on the dialog’s Delete button', async () => {
    const { backend, outdoor } = gardenShop();
    const { events } = render(`/catalog/category?selected=${outdoor.id}`);
    await screen.findByRole('tree');
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    within(dialog).getByRole('button', { name: 'Delete' }).focus();
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(MESSAGES.categoryDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('deletes after confirming; with products it asks where they go, and a refusal shows the server’s message', async () => {
    const { backend, garden, tools, growing, outdoor } = gardenShop();
    const { events } = render(`/catalog/category?selected=${garden.id}`);
    await screen.findByRole('tree');

    // Tools holds 3 products: the delete needs a category to move them to.
    await events.click(row('Tools'));
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    expect(dialog).toHaveTextContent('Delete Garden › Tools?');
    expect(dialog).toHaveTextContent('3 products are in this category.');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await events.selectOptions(within(dialog).getByLabelText('Move its products to'), 'Outdoor');
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.categoryDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'DELETE').at(-1)).toMatchObject({
      path: `/catalog/categories/${tools.id}/`,
      query: { reassign_to: String(outdoor.id) },
    });
    await waitFor(() => expect(treeRows()).toEqual(['Garden@1', 'Growing@2', 'Home@1', 'Lights@2', 'Outdoor@1']));
    expect(row('Garden')).toHaveAttribute('aria-selected', 'true');

    // The server refuses (products were added meanwhile): its message shows and the tree stays.
    backend.state.failNext = { method: 'DELETE', status: 409, body: { detail: catalogCategoryInUseMessage(2) } };
    await events.click(row('Growing'));
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(catalogCategoryInUseMessage(2))).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(treeRows()).toContain('Growing@2');

    // A parent's children take its place.
    await events.click(row('Garden'));
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    expect(dialog).toHaveTextContent('Its subcategory moves up to take its place.');
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(treeRows()).toEqual(['Growing@1', 'Home@1', 'Lights@2', 'Outdoor@1']));
    expect(backend.state.requests.filter((r) => r.method === 'DELETE').at(-1)?.query).toEqual({});
    expect(growing.id).toBeGreaterThan(0);
  });

  it('after a delete refused because products were added meanwhile, asks where they go and deletes', async () => {
    const { backend, growing, outdoor } = gardenShop();
    const { events } = render(`/catalog/category?selected=${growing.id}`);
    await screen.findByRole('tree');
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    expect(within(dialog).queryByLabelText('Move its products to')).not.toBeInTheDocument();

    // Someone adds products to it while the dialog is open: the server refuses the plain delete.
    backend.byId(growing.id)!.products_count = 2;
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(catalogCategoryInUseMessage(2))).toBeInTheDocument();

    // The tree is read again, so the dialog now asks where the products go.
    await events.selectOptions(await within(dialog).findByLabelText('Move its products to'), 'Outdoor');
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.categoryDeleted)).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.method === 'DELETE').at(-1)).toMatchObject({
      path: `/catalog/categories/${growing.id}/`,
      query: { reassign_to: String(outdoor.id) },
    });
    await waitFor(() => expect(treeRows()).not.toContain('Growing@2'));
  });
});
