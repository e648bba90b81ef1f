import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BulkPinBody, installDrfMessages, UpdateSystemNotificationBody } from '@kontor/contract';
import {
  AppError,
  CONCURRENT_CHANGE,
  ERROR_STATUS,
  badRequest,
  frameworkErrors,
  issuesToFieldErrors,
  notFound,
  registerErrorHandler,
  registerNotFound,
  validationToFieldErrors,
} from './errors.js';

describe('issuesToFieldErrors', () => {
  it('keys each message by its field, several messages per field', () => {
    expect(
      issuesToFieldErrors([
        { path: ['name'], message: 'Too long.' },
        { path: ['name'], message: 'Not allowed.' },
        { path: ['email'], message: 'Enter a valid email address.' },
      ]),
    ).toEqual({ name: ['Too long.', 'Not allowed.'], email: ['Enter a valid email address.'] });
  });

  it('joins nested paths, array indices included, with dots', () => {
    expect(
      issuesToFieldErrors([
        { path: ['account', 'password2'], message: "The two password fields didn't match." },
        { path: ['bookmarks', 2, 'name'], message: 'This field may not be blank.' },
      ]),
    ).toEqual({ 'account.password2': ["The two password fields didn't match."], 'bookmarks.2.name': ['This field may not be blank.'] });
  });

  it('gives every unrecognized key its own entry, at the top and nested', () => {
    expect(
      issuesToFieldErrors([
        { path: [], message: 'Unrecognized keys: "a", "b"', code: 'unrecognized_keys', keys: ['a', 'b'] },
        { path: ['bookmarks', 0], message: 'Unrecognized key: "c"', code: 'unrecognized_keys', keys: ['c'] },
      ]),
    ).toEqual({ a: ['Unknown field.'], b: ['Unknown field.'], 'bookmarks.0.c': ['Unknown field.'] });
  });

  it('keeps a field named __proto__ as a field (found by fuzzing: it was a 400 in Fastify’s shape)', () => {
    const out = issuesToFieldErrors([
      { path: [], message: 'Unrecognized key: "__proto__"', code: 'unrecognized_keys', keys: ['__proto__', 'constructor'] },
      { path: ['__proto__', 'x'], message: 'Bad.' },
    ]);
    expect(JSON.parse(JSON.stringify(out))).toEqual(JSON.parse('{"__proto__":["Unknown field."],"constructor":["Unknown field."],"__proto__.x":["Bad."]}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('puts errors about the whole body under non_field_errors', () => {
    expect(issuesToFieldErrors([{ path: [], message: 'Invalid input: expected object, received array', code: 'invalid_type' }])).toEqual({
      non_field_errors: ['Invalid input: expected object, received array'],
    });
  });

  it('says a missing field is required and a null one may not be null, in DRF’s words', () => {
    expect(
      issuesToFieldErrors([
        { path: ['name'], message: 'Invalid input: expected string, received undefined', code: 'invalid_type' },
        { path: ['view'], message: 'Invalid input: expected string, received null', code: 'invalid_type' },
        { path: ['pinned'], message: 'Invalid input: expected boolean, received string', code: 'invalid_type' },
      ]),
    ).toEqual({
      name: ['This field is required.'],
      view: ['This field may not be null.'],
      pinned: ['Invalid input: expected boolean, received string'],
    });
  });

  it('maps the issues zod itself raises for a contract schema', () => {
    const result = BulkPinBody.safeParse({
      bookmarks: [
        { view: 'default', name: ' ', pinned: true },
        { view: 'default', pinned: 'yes', extra: 1 },
      ],
      more: 1,
    });
    expect(result.success).toBe(false);
    expect(issuesToFieldErrors(result.error!.issues)).toEqual({
      more: ['Unknown field.'],
      'bookmarks.0.name': ['This field may not be blank.'],
      'bookmarks.1.name': ['This field is required.'],
      'bookmarks.1.pinned': ['Must be a valid boolean.'],
      'bookmarks.1.extra': ['Unknown field.'],
    });
  });

  it('says a value outside a choice list is not a valid choice, naming it as DRF does', () => {
    const schema = z.strictObject({
      status: z.enum(['draft', 'sent']),
      role: z.literal('Admin'),
      lines: z.array(z.strictObject({ unit: z.enum(['pcs', 'kg']) })),
    });
    const input = { role: 'Staff', lines: [{ unit: 'kg' }, { unit: 7 }, { unit: null }] };
    const result = schema.safeParse(input);
    expect(issuesToFieldErrors(result.error!.issues, input)).toEqual({
      status: ['This field is required.'],
      role: ['"Staff" is not a valid choice.'],
      'lines.1.unit': ['"7" is not a valid choice.'],
      'lines.2.unit': ['This field may not be null.'],
    });
  });

  it('keeps a schema’s own message for a choice', () => {
    const schema = z.strictObject({ status: z.enum(['draft', 'sent'], { error: 'Pick draft or sent.' }) });
    const input = { status: 'gone' };
    expect(issuesToFieldErrors(schema.safeParse(input).error!.issues, input)).toEqual({ status: ['Pick draft or sent.'] });
  });

  it('says a value of the wrong type in DRF’s words for its field kind', () => {
    const schema = z.strictObject({
      name: z.string(),
      count: z.int(),
      price: z.number(),
      active: z.boolean(),
      tags: z.array(z.string()),
      address: z.strictObject({ city: z.string() }),
      when: z.string({ error: 'Enter a date.' }),
    });
    const input = { name: 5, count: 1.5, price: 'cheap', active: 'yes', tags: 'a,b', address: ['x'], when: 3 };
    expect(issuesToFieldErrors(schema.safeParse(input).error!.issues, input)).toEqual({
      name: ['Not a valid string.'],
      count: ['A valid integer is required.'],
      price: ['A valid number is required.'],
      active: ['Must be a valid boolean.'],
      tags: ['Expected a list of items but got type "str".'],
      address: ['Invalid data. Expected a dictionary, but got list.'],
      when: ['Enter a date.'],
    });
    expect(issuesToFieldErrors(schema.safeParse([1]).error!.issues, [1])).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  // Found by the fuzzer once it refused zod's own words: each of these answered "Invalid input".
  it('says what the branch that got furthest says when a value fits no branch of a union', () => {
    installDrfMessages();
    const schema = z.strictObject({
      quantity: z.union([z.number(), z.string()]),
      mapped: z.union([z.enum(['Yes', 'No']), z.literal('')]),
      before: z.union([z.iso.datetime(), z.iso.date()]),
      limit: z.coerce.number().int(),
      extra: z.record(z.string(), z.number()),
    });
    const input = { quantity: {}, mapped: '0', before: 'soon', limit: '-Infinity', extra: 'x' };
    expect(issuesToFieldErrors(schema.safeParse(input).error!.issues, input)).toEqual({
      quantity: ['A valid number is required.'],
      mapped: ['"0" is not a valid choice.'],
      before: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'],
      limit: ['A valid number is required.'],
      extra: ['Expected a dictionary of items but got type "str".'],
    });
    // Missing or null in every branch stays DRF's required / null.
    const union = z.strictObject({ quantity: z.union([z.number(), z.string()]) });
    expect(issuesToFieldErrors(union.safeParse({}).error!.issues, {})).toEqual({ quantity: ['This field is required.'] });
  });
});

describe('validationToFieldErrors', () => {
  /** The validation entries fastify-type-provider-zod produces for a schema and a value. */
  function validationOf(schema: z.ZodType, value: unknown) {
    const result = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })(value) as {
      error?: Parameters<typeof validationToFieldErrors>[0];
    };
    return result.error!;
  }

  it('reads the zod code from `keyword` and the unknown keys from `params`', () => {
    const validation = validationOf(BulkPinBody, { bookmarks: [{ view: 'v', name: 'n', pinned: true, colour: 'red' }], extra: true });
    expect(validationToFieldErrors(validation)).toEqual({ extra: ['Unknown field.'], 'bookmarks.0.colour': ['Unknown field.'] });
  });

  it('keeps hyphenated field names and says which are required', () => {
    expect(validationToFieldErrors(validationOf(UpdateSystemNotificationBody, {}))).toEqual({ 'completed-by': ['This field is required.'] });
  });
});

describe('AppError', () => {
  it('takes its status from the one code table', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(new AppError(code as keyof typeof ERROR_STATUS, 'x').status).toBe(status);
    }
    expect(notFound()).toMatchObject({ status: 404, message: 'Not found.' });
    expect(badRequest({ name: ['Bad.'] })).toMatchObject({ status: 400, code: 'bad_request', fields: { name: ['Bad.'] } });
  });
});

describe('the error handler', () => {
  async function appWith(routes: (app: ReturnType<typeof bare>) => void) {
    const app = bare();
    registerErrorHandler(app);
    registerNotFound(app);
    routes(app);
    await app.ready();
    return app;
  }
  function bare() {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return app;
  }

  it('answers field errors, {detail}, and Retry-After for a throttle', async () => {
    const app = await appWith((a) => {
      a.get('/fields', async () => {
        throw badRequest({ name: ['Bad.'] });
      });
      a.get('/detail', async () => {
        throw new AppError('permission_denied', 'No.');
      });
      a.get('/throttled', async () => {
        throw new AppError('throttled', 'Slow down.', undefined, 60);
      });
    });
    expect((await app.inject('/fields')).json()).toEqual({ name: ['Bad.'] });
    const denied = await app.inject('/detail');
    expect([denied.statusCode, denied.json()]).toEqual([403, { detail: 'No.' }]);
    const throttled = await app.inject('/throttled');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    await app.close();
  });

  it('says a missing or null decimal (a number-or-string union) is required or may not be null', async () => {
    const app = await appWith((a) => {
      a.post(
        '/prices',
        { schema: { body: z.strictObject({ percent: z.union([z.number(), z.string()]), cost: z.union([z.number(), z.string()]) }) } },
        async () => ({}),
      );
    });
    const res = await app.inject({ method: 'POST', url: '/prices', payload: { cost: null } });
    expect(res.json()).toEqual({ percent: ['This field is required.'], cost: ['This field may not be null.'] });
    await app.close();
  });

  it('answers a schema failure of the body or the query as DRF field errors', async () => {
    const app = await appWith((a) => {
      a.post(
        '/things',
        { schema: { body: z.strictObject({ name: z.string(), tags: z.array(z.string()) }), querystring: z.strictObject({ q: z.string().optional() }) } },
        async () => ({}),
      );
    });
    const body = await app.inject({ method: 'POST', url: '/things', payload: { tags: ['ok', 3], other: 1 } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      name: ['This field is required.'],
      'tags.1': ['Not a valid string.'],
      other: ['Unknown field.'],
    });
    const query = await app.inject({ method: 'POST', url: '/things?x=1', payload: { name: 'a', tags: [] } });
    expect(query.json()).toEqual({ x: ['Unknown field.'] });
    await app.close();
  });

  it('names a refused choice from the body or the query, as DRF does; a path that fails is DRF’s unmatched URL, a 404', async () => {
    const app = await appWith((a) => {
      a.post(
        '/orders/:kind/',
        {
          schema: {
            params: z.strictObject({ kind: z.enum(['sale', 'return']) }),
            body: z.strictObject({ status: z.enum(['draft', 'sent']) }),
            querystring: z.strictObject({ view: z.enum(['short', 'long']).optional() }),
          },
        },
        async () => ({}),
      );
    });
    const body = await app.inject({ method: 'POST', url: '/orders/sale/', payload: { status: 'gone' } });
    expect([body.statusCode, body.json()]).toEqual([400, { status: ['"gone" is not a valid choice.'] }]);
    const query = await app.inject({ method: 'POST', url: '/orders/sale/?view=wide', payload: { status: 'sent' } });
    expect(query.json()).toEqual({ view: ['"wide" is not a valid choice.'] });
    const params = await app.inject({ method: 'POST', url: '/orders/swap/', payload: { status: 'sent' } });
    expect([params.statusCode, params.json()]).toEqual([404, { detail: 'Not found.' }]);
    await app.close();
  });

  it('answers 500 without internals for an unknown error or a response that breaks its schema', async () => {
    const app = await appWith((a) => {
      a.get('/boom', async () => {
        throw new Error('password=hunter2 at db.internal:5432');
      });
      a.get('/bad-response', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 'secret' }) as unknown as { id: number });
    });
    for (const url of ['/boom', '/bad-response']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal Server Error' });
    }
    await app.close();
  });

  it('answers __proto__ and constructor keys with DRF 400s, never as prototypes (found by fuzzing)', async () => {
    const app = await appWith((a) => {
      a.post(
        '/things',
        { schema: { body: z.strictObject({ name: z.string() }), querystring: z.strictObject({ q: z.string().optional() }) } },
        async () => ({}),
      );
    });
    const res = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name":"a","__proto__":1}' });
    // Fastify's JSON parser refuses a __proto__ key outright; either way a DRF 400.
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
    const query = await app.inject({ method: 'POST', url: '/things?__proto__=1&constructor=2', payload: { name: 'a' } });
    expect([query.statusCode, query.body]).toEqual([400, '{"__proto__":["Unknown field."],"constructor":["Unknown field."]}']);
    await app.close();
  });

  it('answers a malformed URL and an over-long path parameter in DRF words with frameworkErrors (found by fuzzing)', async () => {
    const app = Fastify({ logger: false, frameworkErrors, routerOptions: { maxParamLength: 20 } });
    registerErrorHandler(app);
    app.get('/things/:id/', async () => ({}));
    await app.ready();
    const bad = await app.inject('/things/%zz/');
    expect([bad.statusCode, bad.json()]).toEqual([400, { detail: 'Malformed URL: it has an invalid percent-encoding.' }]);
    const long = await app.inject(`/things/${'1'.repeat(21)}/`);
    expect([long.statusCode, long.json()]).toEqual([404, { detail: 'Not found.' }]);
    await app.close();
  });

  it('answers 400 in DRF words when PostgreSQL refuses a NUL character, wrapped or not', async () => {
    const app = await appWith((a) => {
      a.get('/text', async () => {
        throw Object.assign(new Error('Failed query: insert ...'), {
          cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
        });
      });
      a.get('/jsonb', async () => {
        throw Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
      });
      a.get('/other', async () => {
        throw Object.assign(new Error('division by zero'), { code: '22012' });
      });
    });
    for (const url of ['/text', '/jsonb']) {
      const res = await app.inject(url);
      expect([res.statusCode, res.json()]).toEqual([400, { detail: 'Null characters are not allowed.' }]);
    }
    expect((await app.inject('/other')).statusCode).toBe(500);
    await app.close();
  });

  it('answers 409 with Retry-After when PostgreSQL refused the transaction for a deadlock or a serialization failure', async () => {
    const app = await appWith((a) => {
      a.get('/deadlock', async () => {
        throw Object.assign(new Error('Failed query: update ...'), { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
      });
      a.get('/serialization', async () => {
        throw Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
      });
    });
    for (const url of ['/deadlock', '/serialization']) {
      const res = await app.inject(url);
      expect([res.statusCode, res.headers['retry-after'], res.json()]).toEqual([409, '1', { detail: CONCURRENT_CHANGE }]);
    }
    await app.close();
  });

  it('answers Fastify’s own client errors and unknown routes with {detail}', async () => {
    const app = await appWith((a) => {
      a.post('/json', { schema: { body: z.object({}) } }, async () => ({}));
    });
    const malformed = await app.inject({ method: 'POST', url: '/json', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['detail']);
    expect((await app.inject('/nowhere')).json()).toEqual({ detail: 'Not found.' });
    await app.close();
  });
});
