import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BookmarkBody, CreateProductBody, DRF_FIELD_MESSAGES as M, installDrfMessages } from './index.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`${JSON.stringify(value)} was accepted`);
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

beforeAll(() => installDrfMessages());

describe("zod's refusals in DRF's words (DESIGN §3)", () => {
  it('says lengths of text as CharField does', () => {
    expect(messageOf(z.string().max(3), 'abcd')).toEqual([': Ensure this field has no more than 3 characters.']);
    expect(messageOf(z.string().min(1), '')).toEqual([': This field may not be blank.']);
    expect(messageOf(z.string().min(8), 'short')).toEqual([': Ensure this field has at least 8 characters.']);
    expect(messageOf(z.string().length(2), 'abc')).toEqual([': Ensure this field has exactly 2 characters.']);
  });

  it('says bounds of numbers as IntegerField and DecimalField do, strict bounds too', () => {
    expect(messageOf(z.number().max(10), 11)).toEqual([': Ensure this value is less than or equal to 10.']);
    expect(messageOf(z.number().int().min(0), -1)).toEqual([': Ensure this value is greater than or equal to 0.']);
    expect(messageOf(z.number().positive(), 0)).toEqual([': Ensure this value is greater than 0.']);
    expect(messageOf(z.number().lt(5), 5)).toEqual([': Ensure this value is less than 5.']);
    expect(messageOf(z.number().multipleOf(5), 7)).toEqual([': Ensure this value is a multiple of 5.']);
  });

  it('says sizes of lists as ListField does', () => {
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toEqual([': Ensure this field has no more than 2 elements.']);
    expect(messageOf(z.array(z.number()).min(1), [])).toEqual([': This list may not be empty.']);
    expect(messageOf(z.array(z.number()).min(3), [1])).toEqual([': Ensure this field has at least 3 elements.']);
  });

  it('says formats as the field of that kind does', () => {
    expect(messageOf(z.email(), 'not-an-email')).toEqual([`: ${M.email}`]);
    expect(messageOf(z.url(), 'nope')).toEqual([`: ${M.url}`]);
    expect(messageOf(z.uuid(), 'nope')).toEqual([`: ${M.uuid}`]);
    expect(messageOf(z.string().regex(/^\d+$/), 'x')).toEqual([`: ${M.pattern}`]);
    expect(messageOf(z.iso.datetime(), 'yesterday')).toEqual([`: ${M.datetime}`]);
    expect(messageOf(z.iso.date(), '2026-13-01')).toEqual([`: ${M.date}`]);
    expect(messageOf(z.string().startsWith('PO-'), 'X')).toEqual([`: ${M.invalid}`]);
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().max(3, 'Three at most.'), 'abcd')).toEqual([': Three at most.']);
  });

  it('leaves types and choices to the API, which names the value sent', () => {
    expect(messageOf(z.string(), 5)).toEqual([': Invalid input: expected string, received number']);
    expect(messageOf(z.enum(['a', 'b']), 'c')).toEqual([': Invalid option: expected one of "a"|"b"']);
  });

  it("answers the contract's own schemas so", () => {
    expect(messageOf(CreateProductBody, { sku: 'x'.repeat(101), name: 'Chair' })).toContain('sku: Ensure this field has no more than 100 characters.');
    expect(messageOf(BookmarkBody, { view: 'catalog', name: 'n'.repeat(101), query: '' })).toContain(
      'name: Ensure this field has no more than 100 characters.',
    );
  });
});
