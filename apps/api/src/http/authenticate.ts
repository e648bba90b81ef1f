import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { verifyAccessToken } from '../modules/auth/tokens.js';
import { AppError } from './errors.js';
import type { Ctx } from './context.js';

const notAuthenticated = () => new AppError('not_authenticated', 'Authentication credentials were not provided.');
const invalidToken = () => new AppError('not_authenticated', 'Given token not valid for any token type');

async function resolveCtx(app: FastifyInstance, request: FastifyRequest): Promise<Ctx> {
  const header = request.headers.authorization;
  if (!header) throw notAuthenticated();
  const [scheme, token] = header.split(' ');
  if (!scheme || !token || !/^Bearer$/i.test(scheme)) throw invalidToken();
  const claims = await verifyAccessToken(app.deps.config.jwtSecret, token);
  if (!claims) throw invalidToken();
  const db = app.deps.database.db;
  // The user is read on every request so a deactivated user, a changed role or company, and a
  // changed password (token_version: every access token issued before it) take effect at once.
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      companyId: users.companyId,
      companyRole: users.companyRole,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!user?.isActive || user.companyId !== claims.companyId || user.tokenVersion !== claims.tokenVersion) throw invalidToken();
  return { db, readDb: app.deps.database.readDb, user: { id: user.id, email: user.email, companyId: user.companyId, companyRole: user.companyRole } };
}

/** Every route needs a valid bearer access token unless its config says `public: true`. */
export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config?.public) return;
    request.ctx = await resolveCtx(app, request);
    if (config?.adminOnly && request.ctx.user.companyRole !== 'Admin') {
      throw new AppError('permission_denied', 'You do not have permission to perform this action.');
    }
  });
}
