/**
 * The labelled controls of a form, by their visible label (a required field's ' *' left off),
 * found in one pass over its labels. Role and label queries compute names for the whole
 * subtree on every call, which makes a long form test slow; this is the same lookup a user
 * makes, by label, done once. Collect again after the form changes its fields.
 */
export function controlsOf(container: HTMLElement) {
  const controls = new Map<string, HTMLElement>();
  for (const label of container.querySelectorAll('label')) {
    const control = label.control;
    if (control) controls.set((label.textContent ?? '').replace(/\s*\*$/, '').trim(), control);
  }
  return {
    get: (text: string): HTMLElement => {
      const control = controls.get(text);
      if (!control) throw new Error(`No control labelled '${text}'; labels: ${[...controls.keys()].join(', ')}`);
      return control;
    },
    has: (text: string) => controls.has(text),
  };
}
