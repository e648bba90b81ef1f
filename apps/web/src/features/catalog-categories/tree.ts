import type { CatalogCategoryResponse } from '@kontor/contract';

/**
 * The category tree as the screen works with it, built from parent + order (the truth the
 * server keeps; lft/rght are its index). Every move is expressed as the API's
 * `{parent, position}`: position is the 0-based index among the new siblings, not counting the
 * moved category itself.
 */
export type CategoryTree = {
  byId: Map<number, CatalogCategoryResponse>;
  /** Children in order per parent id; `null` holds the roots. */
  children: Map<number | null, CatalogCategoryResponse[]>;
};

export type MoveTarget = { parent: number | null; position: number };
/** Where a dragged category lands relative to the row it is dropped on. */
export type DropZone = 'before' | 'inside' | 'after';

export function buildTree(rows: readonly CatalogCategoryResponse[]): CategoryTree {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<number | null, CatalogCategoryResponse[]>([[null, []]]);
  for (const row of rows) {
    // A parent outside the list (never from the API, which lists the whole company) makes it a root here.
    const parent = row.parent !== null && byId.has(row.parent) ? row.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  for (const list of children.values()) list.sort((a, b) => a.order - b.order || a.id - b.id);
  return { byId, children };
}

export const childrenOf = (tree: CategoryTree, id: number | null) => tree.children.get(id) ?? [];

const parentOf = (tree: CategoryTree, id: number): number | null => {
  const parent = tree.byId.get(id)?.parent ?? null;
  return parent !== null && tree.byId.has(parent) ? parent : null;
};

/** The category and everything under it. */
export function subtreeIds(tree: CategoryTree, id: number): Set<number> {
  const out = new Set<number>([id]);
  const visit = (at: number) => {
    for (const child of childrenOf(tree, at)) {
      out.add(child.id);
      visit(child.id);
    }
  };
  visit(id);
  return out;
}

/** 'Root › Child › Leaf', for selects and messages. */
export function pathOf(tree: CategoryTree, id: number): string {
  const names: string[] = [];
  for (let at: number | null = id; at !== null && names.length < 100; at = parentOf(tree, at)) names.unshift(tree.byId.get(at)?.title ?? '?');
  return names.join(' › ');
}

/** The rows on screen, depth first: children only under expanded categories. */
export function visibleRows(tree: CategoryTree, expanded: ReadonlySet<number>): { category: CatalogCategoryResponse; depth: number; hasChildren: boolean }[] {
  const out: { category: CatalogCategoryResponse; depth: number; hasChildren: boolean }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const category of childrenOf(tree, parent)) {
      const hasChildren = childrenOf(tree, category.id).length > 0;
      out.push({ category, depth, hasChildren });
      if (hasChildren && expanded.has(category.id)) walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

const siblingIndex = (tree: CategoryTree, id: number) => childrenOf(tree, parentOf(tree, id)).findIndex((s) => s.id === id);

/** One place up among its siblings, or null when it is the first. */
export function moveUpTarget(tree: CategoryTree, id: number): MoveTarget | null {
  const index = siblingIndex(tree, id);
  return index > 0 ? { parent: parentOf(tree, id), position: index - 1 } : null;
}

/** One place down among its siblings, or null when it is the last. */
export function moveDownTarget(tree: CategoryTree, id: number): MoveTarget | null {
  const index = siblingIndex(tree, id);
  const count = childrenOf(tree, parentOf(tree, id)).length;
  return index >= 0 && index < count - 1 ? { parent: parentOf(tree, id), position: index + 1 } : null;
}

/** Under the sibling above it, as that sibling's last child; null for a first child. */
export function indentTarget(tree: CategoryTree, id: number): MoveTarget | null {
  const index = siblingIndex(tree, id);
  if (index <= 0) return null;
  const above = childrenOf(tree, parentOf(tree, id))[index - 1]!;
  return { parent: above.id, position: childrenOf(tree, above.id).length };
}

/** Out of its parent, right after it; null for a root. */
export function outdentTarget(tree: CategoryTree, id: number): MoveTarget | null {
  const parent = parentOf(tree, id);
  if (parent === null) return null;
  return { parent: parentOf(tree, parent), position: siblingIndex(tree, parent) + 1 };
}

/**
 * Dropping `dragged` on `target`: inside makes it the target's last child; before/after puts it
 * next to the target. Null when the drop would put it into its own subtree.
 */
export function dropTarget(tree: CategoryTree, dragged: number, target: number, zone: DropZone): MoveTarget | null {
  if (subtreeIds(tree, dragged).has(target)) return null;
  if (zone === 'inside') return { parent: target, position: childrenOf(tree, target).filter((c) => c.id !== dragged).length };
  const parent = parentOf(tree, target);
  const siblings = childrenOf(tree, parent).filter((c) => c.id !== dragged);
  const index = siblings.findIndex((s) => s.id === target);
  return { parent, position: zone === 'before' ? index : index + 1 };
}

/** True when the move would leave the category where it is. */
export function isNoMove(tree: CategoryTree, id: number, target: MoveTarget): boolean {
  return parentOf(tree, id) === target.parent && siblingIndex(tree, id) === target.position;
}
