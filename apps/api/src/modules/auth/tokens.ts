import { SignJWT, jwtVerify } from 'jose';

/** `tokenVersion`: the user's token_version when the token was issued (claim `ver`; 0 when absent). */
export type AccessClaims = { userId: number; companyId: number; tokenVersion?: number };

const ISSUER = 'kontor';

/** Access tokens: HS256 JWTs, short-lived (ACCESS_TOKEN_TTL_SECONDS, 15 minutes by default). */
export async function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ cid: claims.companyId, ver: claims.tokenVersion ?? 0, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

type Verified = { claims: Required<AccessClaims>; expiresAt: number };

async function verifyAndRead(key: Uint8Array, token: string): Promise<Verified | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.cid !== 'number' || !payload.sub || typeof payload.exp !== 'number') return null;
    if (payload.ver !== undefined && !Number.isInteger(payload.ver)) return null;
    return {
      claims: { userId: Number(payload.sub), companyId: payload.cid, tokenVersion: (payload.ver as number | undefined) ?? 0 },
      expiresAt: payload.exp,
    };
  } catch {
    return null;
  }
}

/** Verified tokens a verifier remembers; the oldest is forgotten first. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * The request path's verifier for one secret: a token whose signature checked out once is
 * remembered until it expires, so its next requests skip the HMAC (WebCrypto's verify was a
 * tenth of the API's CPU per request under load). Only the token string itself is trusted this
 * way; whether its user is still active, and its token_version still current, is read from the
 * database on every request (http/authenticate.ts).
 */
export function accessTokenVerifier(secret: string): (token: string) => Promise<Required<AccessClaims> | null> {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, Verified>();
  return async (token) => {
    const now = Date.now() / 1000;
    const known = verified.get(token);
    if (known && known.expiresAt > now) return known.claims;
    if (known) verified.delete(token);
    const fresh = await verifyAndRead(key, token);
    if (!fresh) return null;
    if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, fresh);
    return fresh.claims;
  };
}
