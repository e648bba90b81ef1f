import { MESSAGES } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { getAccessToken, setAccessToken } from './auth-token-store';
import { apiUrl, server } from '@/test/server';
import { uploadWithProgress } from './upload-with-progress';

type Reply = { status: number; body?: string } | 'network-error';

/**
 * A stand-in XMLHttpRequest: msw cannot carry jsdom's files through its XMLHttpRequest
 * interception, and what is under test here is how the function drives the request.
 */
function installFakeXhr(replies: Reply[]) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    private listeners: Record<string, (() => void)[]> = {};
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    readonly upload = {
      listeners: [] as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[],
      addEventListener(_type: string, listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void) {
        this.listeners.push(listener);
      },
    };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    addEventListener(type: string, listener: () => void) {
      (this.listeners[type] ??= []).push(listener);
    }
    abort() {
      this.listeners.abort?.forEach((l) => l());
    }
    send(body: unknown) {
      sent.push({ ...this.request, body });
      const reply = replies.shift()!;
      setTimeout(() => {
        if (reply === 'network-error') {
          this.listeners.error?.forEach((l) => l());
          return;
        }
        for (const loaded of [50, 100]) this.upload.listeners.forEach((l) => l({ lengthComputable: true, loaded, total: 100 }));
        this.status = reply.status;
        this.responseText = reply.body ?? '';
        this.listeners.load?.forEach((l) => l());
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadWithProgress', () => {
  it('posts the form with the bearer token, reports progress and returns the JSON answer', async () => {
    setAccessToken('token-1');
    const sent = installFakeXhr([{ status: 201, body: JSON.stringify({ uploaded: 1 }) }]);
    const form = new FormData();
    const progress: number[] = [];
    const answer = await uploadWithProgress<{ uploaded: number }>('/catalog/images/', form, (p) => progress.push(p.loaded / p.total));
    expect(answer).toEqual({ uploaded: 1 });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${window.location.origin}/api/catalog/images/`,
        headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
        body: form,
      },
    ]);
  });

  it('refreshes the token once on a 401 and sends again', async () => {
    setAccessToken('expired');
    server.use(http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ access: 'fresh', refresh: '' })));
    const sent = installFakeXhr([
      { status: 401, body: '{"detail":"expired"}' },
      { status: 201, body: '{"ok":true}' },
    ]);
    expect(await uploadWithProgress('/catalog/images/', new FormData(), () => undefined)).toEqual({ ok: true });
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(getAccessToken()).toBe('fresh');
  });

  it('ends the session when the refresh fails', async () => {
    setAccessToken('expired');
    server.use(http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ detail: 'no' }, { status: 401 })));
    installFakeXhr([{ status: 401 }]);
    await expect(uploadWithProgress('/catalog/images/', new FormData(), () => undefined)).rejects.toMatchObject({ status: 401, message: MESSAGES.pleaseLogin });
    expect(getAccessToken()).toBeNull();
  });

  it('rejects with the client’s ApiError: a 400 keeps its body, a network failure is a 500', async () => {
    setAccessToken('token');
    installFakeXhr([{ status: 400, body: '{"uploaded":0,"failed":1,"results":[]}' }, 'network-error', { status: 500, body: 'boom' }]);
    const refused = await uploadWithProgress('/catalog/images/', new FormData(), () => undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, data: { uploaded: 0, failed: 1, results: [] } });
    await expect(uploadWithProgress('/catalog/images/', new FormData(), () => undefined)).rejects.toMatchObject({ status: 500, message: MESSAGES.fetchFailed });
    await expect(uploadWithProgress('/catalog/images/', new FormData(), () => undefined)).rejects.toMatchObject({
      status: 500,
      message: MESSAGES.internalServerError,
    });
  });
});
