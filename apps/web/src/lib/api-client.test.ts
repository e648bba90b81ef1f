import { MESSAGES } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/test/server';
import { api, ApiError, apiRequest, errorText, fieldErrorsOf, refreshAccessToken, setSessionExpiredHandler } from './api-client';
import { getAccessToken, setAccessToken } from './auth-token-store';

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
};

afterEach(() => setSessionExpiredHandler(() => undefined));

describe('error mapping (spec §8)', () => {
  it('maps a network failure to code 500 with the message', async () => {
    server.use(http.get(apiUrl('/things/'), () => HttpResponse.error()));
    const error = await failure(api.get('/things/'));
    expect(error.status).toBe(500);
    expect(error.message).toBeTruthy();
    expect(error.message).not.toBe(MESSAGES.internalServerError);
  });

  it('maps a bad response (not JSON) to code 500 with the message', async () => {
    server.use(http.get(apiUrl('/things/'), () => new HttpResponse('<html>oops', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    const error = await failure(api.get('/things/'));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/JSON|token/i);
  });

  it('maps 404 to the not-found message', async () => {
    server.use(http.get(apiUrl('/things/9/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const error = await failure(api.get('/things/9/'));
    expect({ status: error.status, message: error.message }).toEqual({ status: 404, message: MESSAGES.notFound });
  });

  it('maps 401 (after a failed refresh) to the please-login message', async () => {
    server.use(
      http.get(apiUrl('/things/'), () => HttpResponse.json({ detail: 'Given token not valid' }, { status: 401 })),
      http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 })),
    );
    const error = await failure(api.get('/things/'));
    expect({ status: error.status, message: error.message }).toEqual({ status: 401, message: MESSAGES.pleaseLogin });
  });

  it('maps a public call 401 without trying a refresh', async () => {
    const refresh = vi.fn(() => HttpResponse.json({ access: 'a', refresh: 'r' }));
    server.use(
      http.post(apiUrl('/login/'), () => HttpResponse.json({ detail: 'No active account' }, { status: 401 })),
      http.post(apiUrl('/token/refresh/'), refresh),
    );
    const error = await failure(api.post('/login/', { username: 'a', password: 'b' }, { auth: false }));
    expect(error.message).toBe(MESSAGES.pleaseLogin);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('maps status 500 to Internal Server Error', async () => {
    server.use(http.get(apiUrl('/things/'), () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    const error = await failure(api.get('/things/'));
    expect({ status: error.status, message: error.message }).toEqual({ status: 500, message: MESSAGES.internalServerError });
  });

  it('gives any other status the response body as text, with the status code and the parsed data', async () => {
    const body = { name: ['This field may not be blank.'], 'account.email': ['Enter a valid email address.'] };
    server.use(http.put(apiUrl('/things/1/'), () => HttpResponse.json(body, { status: 400 })));
    const error = await failure(api.put('/things/1/', {}));
    expect(error.status).toBe(400);
    expect(error.message).toBe(JSON.stringify(body));
    expect(error.data).toEqual(body);
    expect(fieldErrorsOf(error)).toEqual(body);
  });

  it('keeps a 403 body as text, and errorText shows its detail', async () => {
    server.use(http.put(apiUrl('/things/1/'), () => HttpResponse.json({ detail: 'You do not have permission.' }, { status: 403 })));
    const error = await failure(api.put('/things/1/', {}));
    expect(error.status).toBe(403);
    expect(error.message).toBe('{"detail":"You do not have permission."}');
    expect(errorText(error)).toBe('You do not have permission.');
    expect(fieldErrorsOf(error)).toBeNull();
  });

  it('keeps a plain-text body as it is', async () => {
    server.use(http.post(apiUrl('/things/'), () => new HttpResponse('Conflict: already there', { status: 409 })));
    const error = await failure(api.post('/things/', {}));
    expect({ status: error.status, message: error.message }).toEqual({ status: 409, message: 'Conflict: already there' });
  });
});

describe('requests', () => {
  it('sends the bearer from memory, the query string and a JSON body; 204 gives undefined', async () => {
    setAccessToken('token-1');
    const seen: { auth: string | null; search: string; body: unknown }[] = [];
    server.use(
      http.delete(apiUrl('/user/bookmarks/'), async ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), search: new URL(request.url).search, body: await request.text() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(
      api.delete('/user/bookmarks/', { query: { view: '/catalog/products', name: 'Low stock', empty: '', none: undefined } }),
    ).resolves.toBeUndefined();
    expect(seen).toEqual([{ auth: 'Bearer token-1', search: '?view=%2Fcatalog%2Fproducts&name=Low+stock', body: '' }]);
  });
});

describe('multipart', () => {
  it('sends a FormData body as multipart/form-data with its boundary (no JSON content type), and resends it after a refresh', async () => {
    setAccessToken('expired');
    const seen: { contentType: string | null; auth: string | null; urls: FormDataEntryValue[]; fileType: string }[] = [];
    server.use(
      http.post(apiUrl('/uploads/'), async ({ request }) => {
        if (request.headers.get('authorization') !== 'Bearer fresh') return HttpResponse.json({ detail: 'expired' }, { status: 401 });
        const form = await request.formData();
        const file = form.get('file');
        seen.push({
          contentType: request.headers.get('content-type'),
          auth: request.headers.get('authorization'),
          urls: form.getAll('urls'),
          // jsdom's File is not Node's Blob, so its name and bytes do not survive Node's fetch here; its part and type do.
          fileType: typeof file === 'string' ? 'text' : (file?.type ?? 'missing'),
        });
        return HttpResponse.json({ created: 3 }, { status: 201 });
      }),
      http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ access: 'fresh', refresh: 'rotated' })),
    );
    const form = new FormData();
    form.append('urls', 'https://a.example/1.jpg');
    form.append('urls', 'https://a.example/2.jpg');
    form.append('file', new File(['png-bytes'], 'shoe.png', { type: 'image/png' }));
    await expect(api.post('/uploads/', form)).resolves.toEqual({ created: 3 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]).toMatchObject({ auth: 'Bearer fresh', urls: ['https://a.example/1.jpg', 'https://a.example/2.jpg'], fileType: 'image/png' });
  });
});

describe('401 -> refresh -> retry once (spec §4)', () => {
  it('refreshes with an empty body (the cookie carries the token) and retries with the new access token', async () => {
    setAccessToken('expired');
    const refreshBodies: unknown[] = [];
    server.use(
      http.get(apiUrl('/things/'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh' ? HttpResponse.json({ ok: true }) : HttpResponse.json({ detail: 'expired' }, { status: 401 }),
      ),
      http.post(apiUrl('/token/refresh/'), async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json({ access: 'fresh', refresh: 'rotated' });
      }),
    );
    await expect(api.get('/things/')).resolves.toEqual({ ok: true });
    expect(refreshBodies).toEqual([{}]);
    expect(getAccessToken()).toBe('fresh');
  });

  it('retries only once: a second 401 is the please-login error', async () => {
    setAccessToken('expired');
    const calls = vi.fn(() => HttpResponse.json({ detail: 'nope' }, { status: 401 }));
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    server.use(
      http.get(apiUrl('/things/'), calls),
      http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ access: 'fresh', refresh: 'r' })),
    );
    const error = await failure(api.get('/things/'));
    expect(error.message).toBe(MESSAGES.pleaseLogin);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (single flight)', async () => {
    setAccessToken('expired');
    let refreshes = 0;
    server.use(
      http.get(apiUrl('/things/:id/'), ({ request, params }) =>
        request.headers.get('authorization') === 'Bearer fresh'
          ? HttpResponse.json({ id: params.id })
          : HttpResponse.json({ detail: 'expired' }, { status: 401 }),
      ),
      http.post(apiUrl('/token/refresh/'), async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ access: 'fresh', refresh: 'rotated' });
      }),
    );
    const results = await Promise.all([api.get('/things/1/'), api.get('/things/2/'), api.get('/things/3/')]);
    expect(results).toEqual([{ id: '1' }, { id: '2' }, { id: '3' }]);
    expect(refreshes).toBe(1);
  });

  it('when the refresh fails: clears the token, tells the app the session expired, and fails the call', async () => {
    setAccessToken('expired');
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    server.use(
      http.get(apiUrl('/things/'), () => HttpResponse.json({ detail: 'expired' }, { status: 401 })),
      http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 })),
    );
    const error = await failure(apiRequest('/things/'));
    expect(error.status).toBe(401);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
  });

  it('refreshAccessToken stores only the access token', async () => {
    server.use(http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ access: 'a-1', refresh: 'r-1' })));
    await expect(refreshAccessToken()).resolves.toBe('a-1');
    expect(getAccessToken()).toBe('a-1');
    expect(window.localStorage.length).toBe(0);
  });
});

describe('a save refused for a concurrent one (409 with Retry-After)', () => {
  const CONCURRENT = { detail: 'Another change to the same records was being saved at the same moment, so nothing was changed. Please try again.' };
  const refused = (retryAfter: string) => HttpResponse.json(CONCURRENT, { status: 409, headers: { 'Retry-After': retryAfter } });

  it('is sent once more, with the same body, after the wait the server asks for', async () => {
    const sent: { at: number; body: unknown }[] = [];
    server.use(
      http.post(apiUrl('/picks/'), async ({ request }) => {
        sent.push({ at: Date.now(), body: await request.json() });
        return sent.length === 1 ? refused('1') : HttpResponse.json({ id: 7 }, { status: 201 });
      }),
    );
    await expect(api.post('/picks/', { quantity: '1' })).resolves.toEqual({ id: 7 });
    expect(sent.map((s) => s.body)).toEqual([{ quantity: '1' }, { quantity: '1' }]);
    expect(sent[1]!.at - sent[0]!.at, 'waited for Retry-After: 1').toBeGreaterThanOrEqual(950);
  });

  it('is sent once more only: a second refusal is the error, with the server’s words', async () => {
    const calls = vi.fn(() => refused('0'));
    server.use(http.post(apiUrl('/picks/'), calls));
    const error = await failure(api.post('/picks/', {}));
    expect(calls).toHaveBeenCalledTimes(2);
    expect(error.status).toBe(409);
    expect(errorText(error)).toBe(CONCURRENT.detail);
  });

  it('a 409 without Retry-After (a rule refused the change) is not sent again', async () => {
    const calls = vi.fn(() => HttpResponse.json({ detail: 'The order has receipts.' }, { status: 409 }));
    server.use(http.delete(apiUrl('/orders/3/'), calls));
    const error = await failure(api.delete('/orders/3/'));
    expect(calls).toHaveBeenCalledTimes(1);
    expect(errorText(error)).toBe('The order has receipts.');
  });

  it('a cancelled call stops waiting and is not sent again', async () => {
    const calls = vi.fn(() => refused('5'));
    server.use(http.post(apiUrl('/picks/'), calls));
    const controller = new AbortController();
    const pending = apiRequest('/picks/', { method: 'POST', body: {}, signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
