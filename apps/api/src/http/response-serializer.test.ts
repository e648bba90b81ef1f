import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { compileResponseSchema, responseSerializerCompiler } from './response-serializer.js';

const Item = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().nullable(),
  tags: z.array(z.string()),
  status: z.enum(['open', 'picked']),
  details: z.object({ note: z.string().optional() }).nullable(),
});

/** A one-route app answering whatever `body` holds, written by the compiled serializer. */
async function appAnswering(body: unknown, verify: boolean) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializerCompiler({ verify }));
  app.get('/item', { schema: { response: { 200: Item } } }, async () => body);
  await app.ready();
  return app;
}

describe('compiled response serializer', () => {
  const valid = { id: 7, name: 'Oak "chair" \u00e5', price: null, tags: ['a', 'b'], status: 'open', details: { note: 'x' } };

  it('writes what zod would write, without the fields the schema does not name', async () => {
    const app = await appAnswering({ ...valid, secret: 'never sent' }, false);
    const res = await app.inject({ method: 'GET', url: '/item' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(valid);
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('with verify, fails a response its schema refuses (zod checks every response in tests)', async () => {
    for (const verify of [true, false]) {
      const app = await appAnswering({ ...valid, name: 42 }, verify);
      const res = await app.inject({ method: 'GET', url: '/item' });
      // Without verify the compiled writer does not check (it writes 42 as "42"): that is why the whole suite runs with it.
      expect(res.statusCode, `verify ${verify}`).toBe(verify ? 500 : 200);
      if (!verify) expect(res.json().name).toBe('42');
      await app.close();
    }
  });
});

describe("every route's response schemas", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
  });
  afterAll(async () => app.close());

  it('compile (a schema that cannot would otherwise fail on its first response, not at start)', () => {
    let schemas = 0;
    for (const route of app.routeTable) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(response)) {
        expect(() => compileResponseSchema(schema as z.ZodType), `${route.method} ${route.url} ${status}`).not.toThrow();
        schemas++;
      }
    }
    expect(schemas).toBeGreaterThan(100);
  });
});
