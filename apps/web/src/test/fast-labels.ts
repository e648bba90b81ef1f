/**
 * jsdom answers a field's `labels` by asking every node of the document for its `control`, and a
 * `<label for>` finds its control by walking the whole document: quadratic in the page's size.
 * testing-library reads `labels` for every field it looks at (getByLabelText, and the accessible
 * name of getByRole), so on the form screens that walk took a fifth of a test's time. These getters
 * give the HTML standard's answers in one pass (the label's `for` through the document's id
 * index). The lists are plain arrays rather than live NodeLists: every reader here copies them.
 * Form-associated custom elements (none in the app) are not counted as labelable.
 */

const isLabelable = (node: Node | null): node is HTMLElement =>
  node instanceof HTMLElement &&
  (node instanceof HTMLInputElement ? node.type !== 'hidden' : /^(button|meter|output|progress|select|textarea)$/.test(node.localName));

/** The element with this id that a label's `for` names: the first in tree order of the label's root. */
function byId(root: Node, id: string): Element | null {
  if (root instanceof Document || root instanceof DocumentFragment) return root.getElementById(id);
  if (!(root instanceof Element)) return null;
  return root.id === id ? root : root.querySelector(`[id="${id.replace(/["\\]/g, '\\$&')}"]`);
}

function controlOf(label: HTMLLabelElement): HTMLElement | null {
  const id = label.getAttribute('for');
  if (id !== null) {
    if (id === '') return null;
    const target = byId(label.getRootNode(), id);
    return isLabelable(target) ? target : null;
  }
  return firstLabelable(label);
}

/** The first labelable descendant in tree order (a walk of `children`: jsdom's selector engine is far slower). */
function firstLabelable(parent: Element): HTMLElement | null {
  for (const child of parent.children) {
    if (isLabelable(child)) return child;
    const found = firstLabelable(child);
    if (found) return found;
  }
  return null;
}

function labelsOf(field: HTMLElement): HTMLLabelElement[] | null {
  if (!isLabelable(field)) return null;
  const root = field.getRootNode();
  if (!(root instanceof Document || root instanceof DocumentFragment || root instanceof Element)) return [];
  // getElementsByTagName, not querySelectorAll: jsdom's selector engine took as long as the walk it replaces.
  const labels = [
    ...(root instanceof HTMLLabelElement ? [root] : []),
    ...(root instanceof DocumentFragment ? root.querySelectorAll('label') : root.getElementsByTagName('label')),
  ];
  return labels.filter((label) => controlOf(label) === field);
}

function replaceGetter(prototype: object, name: string, get: (this: HTMLElement) => unknown) {
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
  if (!descriptor?.get) throw new Error(`fast-labels: jsdom has no ${name} getter to replace`);
  Object.defineProperty(prototype, name, { ...descriptor, get });
}

replaceGetter(HTMLLabelElement.prototype, 'control', function () {
  return controlOf(this as HTMLLabelElement);
});
for (const field of [HTMLButtonElement, HTMLInputElement, HTMLMeterElement, HTMLOutputElement, HTMLProgressElement, HTMLSelectElement, HTMLTextAreaElement]) {
  replaceGetter(field.prototype, 'labels', function () {
    return labelsOf(this);
  });
}
