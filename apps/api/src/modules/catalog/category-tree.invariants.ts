import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { catalogCategories } from '../../db/schema/index.js';

/** What the tree checks read of a category. */
export type TreeNode = { id: number; parentId: number | null; sortOrder: number; lft: number; rght: number; treeId: number; level: number };

/**
 * Every way a company's categories can disagree with ADR 0012's nested set, as readable
 * lines (empty when the tree is consistent): per tree the numbers are exactly 1..2n, lft < rght,
 * a child's interval lies inside its parent's, level is the depth, tree_id is distinct per root,
 * sort_order is 0..k-1 per sibling group and numbered in that order, and the parent each node gets from lft/rght (the
 * tightest enclosing interval) is its parent_id.
 */
export function treeViolations(nodes: readonly TreeNode[]): string[] {
  const problems: string[] = [];
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const groups = new Map<string, TreeNode[]>();
  for (const n of nodes) {
    const key = String(n.parentId);
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  for (const [parent, siblings] of groups) {
    const orders = siblings.map((s) => s.sortOrder).sort((a, b) => a - b);
    if (orders.some((o, i) => o !== i)) problems.push(`sort_order under ${parent} is ${orders.join(',')}, not 0..${siblings.length - 1}`);
    // Siblings follow each other in the numbering (roots: in tree_id) as they do in sort_order.
    const inOrder = [...siblings].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    const position = (n: TreeNode) => (n.parentId === null ? n.treeId : n.lft);
    if (inOrder.some((s, i) => i > 0 && position(s) < position(inOrder[i - 1]!))) problems.push(`siblings under ${parent} are numbered out of their order`);
  }

  const roots = nodes.filter((n) => n.parentId === null);
  const treeIds = roots.map((r) => r.treeId).sort((a, b) => a - b);
  if (treeIds.some((t, i) => t !== i + 1)) problems.push(`tree_ids of roots are ${treeIds.join(',')}, not 1..${roots.length}`);
  for (const r of roots) if (r.level !== 0) problems.push(`root ${r.id} has level ${r.level}`);

  const trees = new Map<number, TreeNode[]>();
  for (const n of nodes) trees.set(n.treeId, [...(trees.get(n.treeId) ?? []), n]);
  for (const [treeId, members] of trees) {
    const numbers = members.flatMap((m) => [m.lft, m.rght]).sort((a, b) => a - b);
    if (numbers.some((x, i) => x !== i + 1)) problems.push(`tree ${treeId}: lft/rght are not exactly 1..${2 * members.length}`);
    for (const m of members) if (m.lft >= m.rght) problems.push(`${m.id}: lft ${m.lft} >= rght ${m.rght}`);
  }

  for (const n of nodes) {
    if (n.parentId !== null) {
      const parent = byId.get(n.parentId);
      if (!parent) {
        problems.push(`${n.id}: parent ${n.parentId} is missing`);
        continue;
      }
      if (parent.treeId !== n.treeId) problems.push(`${n.id}: tree ${n.treeId}, its parent's is ${parent.treeId}`);
      if (!(parent.lft < n.lft && n.rght < parent.rght))
        problems.push(`${n.id}: [${n.lft},${n.rght}] is not inside its parent's [${parent.lft},${parent.rght}]`);
      if (n.level !== parent.level + 1) problems.push(`${n.id}: level ${n.level}, its parent's is ${parent.level}`);
    }
    // The parent by the numbers: the enclosing interval with the largest lft.
    const enclosing = nodes.filter((o) => o.treeId === n.treeId && o.lft < n.lft && n.rght < o.rght).sort((a, b) => b.lft - a.lft)[0];
    if ((enclosing?.id ?? null) !== n.parentId) problems.push(`${n.id}: lft/rght put it under ${enclosing?.id ?? null}, parent_id says ${n.parentId}`);
  }
  return problems;
}

/** The company's categories as the checks read them. */
export async function loadTree(db: DbOrTx, companyId: number): Promise<TreeNode[]> {
  return db
    .select({
      id: catalogCategories.id,
      parentId: catalogCategories.parentId,
      sortOrder: catalogCategories.sortOrder,
      lft: catalogCategories.lft,
      rght: catalogCategories.rght,
      treeId: catalogCategories.treeId,
      level: catalogCategories.level,
    })
    .from(catalogCategories)
    .where(eq(catalogCategories.companyId, companyId));
}

/** The tree as nested titles or ids in sibling order, built from parent_id + sort_order: `a(b,c),d`. */
export function outline(nodes: readonly TreeNode[], label: (id: number) => string = String): string {
  const children = (parentId: number | null): string =>
    nodes
      .filter((n) => n.parentId === parentId)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((n) => {
        const inner = children(n.id);
        return inner ? `${label(n.id)}(${inner})` : label(n.id);
      })
      .join(',');
  return children(null);
}
