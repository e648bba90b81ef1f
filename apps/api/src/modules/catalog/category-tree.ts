import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';

/**
 * The catalog category tree's nested-set index (ADR 0012). parent_id and sort_order are the
 * truth; lft/rght/tree_id/level are derived from them here, in the transaction that changed
 * them, under a per-company lock so two tree edits never interleave.
 */

/**
 * Serializes every category write of one company until the transaction ends. An advisory lock
 * rather than row locks: a move touches rows it has not read yet (new siblings, the subtree),
 * and creates have no row to lock at all.
 */
export async function lockCategoryTree(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog_category_tree'), ${companyId}::int)`);
}

/**
 * Writes `orderedIds` as the sibling order under one parent: sort_order = index. One statement
 * for the whole group; rows already in place are left alone.
 */
export async function writeSiblingOrder(tx: Tx, companyId: number, orderedIds: readonly number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const ids = `{${orderedIds.map((id) => Math.trunc(id)).join(',')}}`;
  await tx.execute(sql`
    update catalog_categories c set sort_order = o.position - 1
    from unnest(${ids}::int[]) with ordinality as o(id, position)
    where c.id = o.id and c.company_id = ${companyId}::int and c.sort_order <> o.position - 1`);
}

/**
 * Recomputes the company's whole tree from parent_id + sort_order in two set-based statements:
 * 1. sort_order becomes dense (0..n-1) per sibling group, keeping the (sort_order, id) order;
 * 2. a depth-first walk numbers each tree: preorder index i at depth d gives lft = 2i - d + 1
 *    (every earlier node closed both its numbers, each ancestor only its lft), and
 *    rght = lft + 2 * descendants + 1. Roots are numbered tree_id 1..k in their order.
 * Rows whose numbers are already right are not written. Call it after lockCategoryTree.
 */
export async function rebuildCategoryTree(db: DbOrTx, companyId: number): Promise<void> {
  await db.execute(sql`
    update catalog_categories c set sort_order = s.position
    from (
      select id, row_number() over (partition by parent_id order by sort_order, id) - 1 as position
      from catalog_categories where company_id = ${companyId}::int
    ) s
    where c.id = s.id and c.sort_order <> s.position`);
  await db.execute(sql`
    with recursive walk as (
      select id, id as root_id, 0 as level, array[sort_order, id] as path, array[id] as lineage
      from catalog_categories where company_id = ${companyId}::int and parent_id is null
      union all
      select c.id, w.root_id, w.level + 1, w.path || array[c.sort_order, c.id], w.lineage || c.id
      from catalog_categories c join walk w on c.parent_id = w.id
      where c.company_id = ${companyId}::int
    ),
    descendants as (
      select ancestor as id, count(*) - 1 as n from walk, unnest(walk.lineage) as ancestor group by ancestor
    ),
    numbered as (
      select w.id, w.root_id, w.level, row_number() over (partition by w.root_id order by w.path) - 1 as idx
      from walk w
    ),
    trees as (
      select id as root_id, row_number() over (order by sort_order, id) as tree_id
      from catalog_categories where company_id = ${companyId}::int and parent_id is null
    ),
    target as (
      select n.id, t.tree_id, n.level, 2 * n.idx - n.level + 1 as lft, 2 * n.idx - n.level + 2 + 2 * d.n as rght
      from numbered n join trees t on t.root_id = n.root_id join descendants d on d.id = n.id
    )
    update catalog_categories c
    set lft = target.lft, rght = target.rght, tree_id = target.tree_id, level = target.level
    from target
    where c.id = target.id and (c.lft, c.rght, c.tree_id, c.level) is distinct from (target.lft, target.rght, target.tree_id, target.level)`);
}
