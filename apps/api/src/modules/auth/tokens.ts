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

export async function verifyAccessToken(secret: string, token: string): Promise<Required<AccessClaims> | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.cid !== 'number' || !payload.sub) return null;
    if (payload.ver !== undefined && !Number.isInteger(payload.ver)) return null;
    return { userId: Number(payload.sub), companyId: payload.cid, tokenVersion: (payload.ver as number | undefined) ?? 0 };
  } catch {
    return null;
  }
}
