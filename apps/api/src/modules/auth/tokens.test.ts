import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenVerifier, signAccessToken } from './tokens.js';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123';
const claims = { userId: 7, companyId: 3, tokenVersion: 2 };

afterEach(() => {
  vi.useRealTimers();
});

describe('accessTokenVerifier', () => {
  it('answers the claims of a good token, the first time and from memory after', async () => {
    const verify = accessTokenVerifier(SECRET);
    const token = await signAccessToken(SECRET, claims, 60);
    expect(await verify(token)).toEqual(claims);
    expect(await verify(token)).toEqual(claims);
  });

  it('refuses a token signed with another secret, even one another verifier accepted', async () => {
    const other = 'another-secret-another-secret-another-0123';
    const token = await signAccessToken(other, claims, 60);
    expect(await accessTokenVerifier(other)(token)).toEqual(claims);
    expect(await accessTokenVerifier(SECRET)(token)).toBeNull();
  });

  it('refuses a tampered token and a refresh-style token without typ access', async () => {
    const verify = accessTokenVerifier(SECRET);
    const token = await signAccessToken(SECRET, claims, 60);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), cid: 99 })).toString('base64url');
    expect(await verify(`${header}.${forged}.${signature}`)).toBeNull();
    // Another first character: all six of its bits are the signature's. (The last character's low
    // two bits are padding, so rewriting the end could leave the same signature, about 1 run in 1,000.)
    const tampered = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await verify(`${header}.${payload}.${tampered}`)).toBeNull();
  });

  it('forgets a remembered token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const verify = accessTokenVerifier(SECRET);
    const token = await signAccessToken(SECRET, claims, 30);
    expect(await verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T10:00:29Z'));
    expect(await verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T10:00:31Z'));
    expect(await verify(token)).toBeNull();
  });
});
