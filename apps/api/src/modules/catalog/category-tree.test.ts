import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CATEGORY_PARENT_CYCLE, type CatalogCategoryResponse } from '@kontor/contract';
import { catalogProductCategories } from '../../db/schema/index.js';
import { random } from '../../db/seed/demo-shop.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from './catalog.factories.js';
import { loadTree, outline, treeViolations, type TreeNode } from './category-tree.invariants.js';

/**
 * Property test of the tree maintenance (ADR 0012): random creates, moves, reorders and deletes
 * through the HTTP API, each checked against a plain in-memory model of the tree and against
 * every nested-set invariant.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const CATEGORIES = '/api/catalog/categories/';

/** The model: children in order per parent (null = the roots), and the products in each category. */
class TreeModel {
  readonly children = new Map<number | null, number[]>([[null, []]]);
  readonly parentOf = new Map<number, number | null>();
  readonly products = new Map<number, Set<number>>();

  get ids(): number[] {
    return [...this.parentOf.keys()];
  }
  siblings(parent: number | null): number[] {
    return this.children.get(parent) ?? [];
  }
  subtree(id: number): number[] {
    return [id, ...this.siblings(id).flatMap((c) => this.subtree(c))];
  }
  insert(id: number, parent: number | null, position: number) {
    this.parentOf.set(id, parent);
    this.children.set(id, []);
    this.products.set(id, new Set());
    this.siblings(parent).splice(position, 0, id);
    if (!this.children.has(parent)) this.children.set(parent, [id]);
  }
  move(id: number, parent: number | null, position: number) {
    const old = this.siblings(this.parentOf.get(id)!);
    old.splice(old.indexOf(id), 1);
    this.parentOf.set(id, parent);
    this.siblings(parent).splice(position, 0, id);
  }
  remove(id: number, reassignTo?: number) {
    const parent = this.parentOf.get(id)!;
    const siblings = this.siblings(parent);
    const kids = this.siblings(id);
    siblings.splice(siblings.indexOf(id), 1, ...kids);
    for (const k of kids) this.parentOf.set(k, parent);
    if (reassignTo !== undefined) for (const p of this.products.get(id)!) this.products.get(reassignTo)!.add(p);
    this.parentOf.delete(id);
    this.children.delete(id);
    this.products.delete(id);
  }
  outline(): string {
    const walk = (parent: number | null): string =>
      this.siblings(parent)
        .map((id) => {
          const inner = walk(id);
          return inner ? `${id}(${inner})` : String(id);
        })
        .join(',');
    return walk(null);
  }
}

describe('catalog category tree under random edits', () => {
  it('stays a consistent nested set equal to the parent/order tree after each of 200 random steps', async () => {
    const tenant: Tenant = await createTenant(app);
    const rng = random(12_345);
    const model = new TreeModel();
    const db = app.deps.database.db;
    const products = await Promise.all(Array.from({ length: 6 }, () => insertProduct(db, tenant.companyId)));
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => as(app, tenant, { method, url, payload });

    const create = async (parent: number | null, position: number | undefined) => {
      const res = await call('POST', CATEGORIES, { title: `C${model.ids.length}`, parent, ...(position === undefined ? {} : { order: position }) });
      expect(res.statusCode, res.body).toBe(201);
      const created: CatalogCategoryResponse = res.json();
      model.insert(created.id, parent, position ?? model.siblings(parent).length);
      return created.id;
    };
    const randomPosition = (count: number) => rng.int(0, count);
    const anyParent = () => (rng.next() < 0.2 || model.ids.length === 0 ? null : rng.pick(model.ids));

    for (let i = 0; i < 30; i += 1) {
      const parent = anyParent();
      await create(parent, rng.next() < 0.5 ? undefined : randomPosition(model.siblings(parent).length));
    }

    const counts = { create: 0, move: 0, patch: 0, cycle: 0, delete: 0, refused: 0 };
    for (let step = 0; step < 200; step += 1) {
      const roll = rng.next();
      const ids = model.ids;
      let action: string;
      if (roll < 0.15 || ids.length < 5) {
        const parent = anyParent();
        const position = rng.next() < 0.3 ? undefined : randomPosition(model.siblings(parent).length);
        action = `create under ${parent} at ${position}`;
        await create(parent, position);
        counts.create += 1;
      } else if (roll < 0.6) {
        const id = rng.pick(ids);
        const inside = model.subtree(id);
        const allowed = ids.filter((p) => !inside.includes(p));
        const parent = rng.next() < 0.2 || allowed.length === 0 ? null : rng.pick(allowed);
        const position = randomPosition(model.siblings(parent).filter((s) => s !== id).length);
        action = `move ${id} under ${parent} at ${position}`;
        const res = await call('POST', `${CATEGORIES}${id}/move/`, { parent, position });
        expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
        expect(res.json(), action).toMatchObject({ parent, order: position });
        model.move(id, parent, position);
        counts.move += 1;
      } else if (roll < 0.72) {
        // PATCH takes the same path: an order among the current siblings, or a new parent (last).
        const id = rng.pick(ids);
        const parent = model.parentOf.get(id)!;
        const inside = model.subtree(id);
        if (rng.next() < 0.5) {
          const position = randomPosition(model.siblings(parent).length - 1);
          action = `patch ${id} order ${position}`;
          expect((await call('PATCH', `${CATEGORIES}${id}/`, { order: position })).statusCode, action).toBe(200);
          model.move(id, parent, position);
        } else {
          const allowed = ids.filter((p) => !inside.includes(p));
          const target = allowed.length ? rng.pick(allowed) : null;
          action = `patch ${id} parent ${target}`;
          expect((await call('PATCH', `${CATEGORIES}${id}/`, { parent: target })).statusCode, action).toBe(200);
          if (target !== parent) model.move(id, target, model.siblings(target).length);
        }
        counts.patch += 1;
      } else if (roll < 0.8) {
        // A move into its own subtree is refused and changes nothing.
        const id = rng.pick(ids);
        const target = rng.pick(model.subtree(id));
        action = `move ${id} into its own subtree at ${target}`;
        const res = await call('POST', `${CATEGORIES}${id}/move/`, { parent: target, position: 0 });
        expect(res.statusCode, action).toBe(400);
        expect(res.json()).toEqual({ parent: [CATALOG_CATEGORY_PARENT_CYCLE] });
        counts.cycle += 1;
      } else if (roll < 0.9) {
        // Put a product in a category: deletes then meet categories in use.
        const id = rng.pick(ids);
        const product = rng.pick(products).id;
        action = `put product ${product} in ${id}`;
        if (!model.products.get(id)!.has(product)) {
          await db.insert(catalogProductCategories).values({ productId: product, categoryId: id });
          model.products.get(id)!.add(product);
        }
      } else {
        const id = rng.pick(ids);
        const inUse = model.products.get(id)!.size > 0;
        if (inUse) {
          const refused = await call('DELETE', `${CATEGORIES}${id}/`);
          expect(refused.statusCode, `delete ${id} in use`).toBe(409);
          counts.refused += 1;
        }
        const reassignTo = inUse ? rng.pick(ids.filter((x) => x !== id)) : undefined;
        action = `delete ${id}${reassignTo ? ` reassigning to ${reassignTo}` : ''}`;
        const res = await call('DELETE', `${CATEGORIES}${id}/${reassignTo ? `?reassign_to=${reassignTo}` : ''}`);
        expect(res.statusCode, `${action}: ${res.body}`).toBe(204);
        model.remove(id, reassignTo);
        counts.delete += 1;
      }

      const nodes: TreeNode[] = await loadTree(db, tenant.companyId);
      expect(treeViolations(nodes), `step ${step}: ${action}`).toEqual([]);
      expect(outline(nodes), `step ${step}: ${action}`).toBe(model.outline());
    }

    const links = await db.select().from(catalogProductCategories);
    const stored = new Map<number, number[]>();
    for (const l of links)
      stored.set(
        l.categoryId,
        [...(stored.get(l.categoryId) ?? []), l.productId].sort((a, b) => a - b),
      );
    for (const id of model.ids) expect(stored.get(id) ?? [], `products of ${id}`).toEqual([...model.products.get(id)!].sort((a, b) => a - b));
    // Every kind of step happened, so the run proves something about each.
    for (const [kind, n] of Object.entries(counts)) expect(n, kind).toBeGreaterThan(0);
    // Depth really was exercised.
    expect(Math.max(...(await loadTree(db, tenant.companyId)).map((n) => n.level))).toBeGreaterThanOrEqual(3);
    // 200 steps, each a transaction and a full check: ~10 s alone, more on a loaded CI machine.
  }, 120_000);

  it('serializes concurrent edits of one company (same titles, moves, creates) into a consistent tree', async () => {
    const tenant = await createTenant(app);
    const post = (payload: Record<string, unknown>) => as(app, tenant, { method: 'POST', url: CATEGORIES, payload });
    const roots: CatalogCategoryResponse[] = [];
    for (let i = 0; i < 4; i += 1) roots.push((await post({ title: `Root ${i}` })).json());
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => post({ title: 'Same title', parent: roots[0]!.id, order: 0 })),
      ...roots
        .slice(1)
        .map((r, i) => as(app, tenant, { method: 'POST', url: `${CATEGORIES}${r.id}/move/`, payload: { parent: roots[0]!.id, position: i % 2 } })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(3).fill(200), ...Array(8).fill(201)]);
    const slugs = results.filter((r) => r.statusCode === 201).map((r) => (r.json() as CatalogCategoryResponse).slug);
    expect(new Set(slugs).size).toBe(8);
    const nodes = await loadTree(app.deps.database.db, tenant.companyId);
    expect(treeViolations(nodes)).toEqual([]);
    expect(nodes.filter((n) => n.parentId === roots[0]!.id)).toHaveLength(11);
  });
});
