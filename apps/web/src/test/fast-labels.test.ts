import { afterEach, describe, expect, it } from 'vitest';

// setup.ts installs the getters (fast-labels.ts); these are the HTML standard's answers.
afterEach(() => document.body.replaceChildren());

const html = (markup: string) => {
  document.body.innerHTML = markup;
  return (id: string) => document.getElementById(id)!;
};
const ids = (labels: NodeListOf<HTMLLabelElement> | null) => (labels === null ? null : [...labels].map((l) => l.id));

describe('label/control getters used in web tests', () => {
  it('a label with for= names the first element with that id, only when it can be labelled', () => {
    const $ = html(`
      <label id="l1" for="a">A</label><input id="a"><input id="a" data-second>
      <label id="l2" for="d">D</label><div id="d"></div>
      <label id="l3" for="">Empty</label>
      <label id="l4" for="missing">Missing</label>
      <label id="l5" for="h">Hidden</label><input id="h" type="HIDDEN">
      <label id="l6" for="a">A again</label>`);
    expect((($('l1') as HTMLLabelElement).control as HTMLElement).hasAttribute('data-second')).toBe(false);
    expect(($('l2') as HTMLLabelElement).control).toBeNull();
    expect(($('l3') as HTMLLabelElement).control).toBeNull();
    expect(($('l4') as HTMLLabelElement).control).toBeNull();
    expect(($('l5') as HTMLLabelElement).control).toBeNull();
    expect(ids(($('a') as HTMLInputElement).labels)).toEqual(['l1', 'l6']);
    expect(ids((document.querySelector('[data-second]') as HTMLInputElement).labels)).toEqual([]);
    expect(($('h') as HTMLInputElement).labels).toBeNull();
  });

  it('a label without for= labels its first labelable descendant, hidden inputs skipped', () => {
    const $ = html(`
      <label id="outer">Outer <input id="i" type="hidden"><span><select id="s"></select></span><textarea id="t"></textarea></label>
      <label id="btn"><button id="b">Go</button></label>
      <label id="wrap-for" for="t">Points elsewhere <input id="inside"></label>`);
    expect(($('outer') as HTMLLabelElement).control?.id).toBe('s');
    expect(ids(($('s') as HTMLSelectElement).labels)).toEqual(['outer']);
    expect(ids(($('t') as HTMLTextAreaElement).labels)).toEqual(['wrap-for']);
    expect(ids(($('b') as HTMLButtonElement).labels)).toEqual(['btn']);
    expect(ids(($('inside') as HTMLInputElement).labels)).toEqual([]);
  });

  it('looks within the field’s own tree when it is not in the document', () => {
    const form = document.createElement('form');
    form.innerHTML = `<label id="l" for="x">X</label><input id="x"><label id="n">N <meter id="m"></meter></label>`;
    expect(ids((form.querySelector('#x') as HTMLInputElement).labels)).toEqual(['l']);
    expect(ids((form.querySelector('#m') as HTMLMeterElement).labels)).toEqual(['n']);
    expect((form.querySelector('#l') as HTMLLabelElement).control?.id).toBe('x');
  });
});
