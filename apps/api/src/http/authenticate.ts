import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { accessTokenVerifier } from '../modules/auth/tokens.js';
import { AppError } from './errors.js';
import { KnownUsers, USER_CHANGED_CHANNEL, type AuthUser } from './known-users.js';
import type { Ctx } from './context.js';

const notAuthenticated = () => new AppError('not_authenticated', 'Authentication credentials were not provided.');
const invalidToken = () => new AppError('not_authenticated', 'Given token not valid for any token type');

/**
 * The user behind a token, so a deactivated user, a changed role or company, and a changed
 * password (token_version: every access token issued before it) take effect at once. Read once
 * and then kept (known-users.ts) until a change to the user is heard. Built once and prepared.
 */
const prepareUserLookup = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      companyId: users.companyId,
      companyRole: users.companyRole,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('kontor_auth_user');

type Checks = { readUser: (id: number) => Promise<AuthUser | undefined>; knownUsers: KnownUsers; verifyToken: ReturnType<typeof accessTokenVerifier> };

async function resolveCtx(app: FastifyInstance, { readUser, knownUsers, verifyToken }: Checks, request: FastifyRequest): Promise<Ctx> {
  const header = request.headers.authorization;
  if (!header) throw notAuthenticated();
  const [scheme, token] = header.split(' ');
  if (!scheme || !token || !/^Bearer$/i.test(scheme)) throw invalidToken();
  const claims = await verifyToken(token);
  if (!claims) throw invalidToken();
  const user = await knownUsers.get(claims.userId, readUser);
  if (!user?.isActive || user.companyId !== claims.companyId || user.tokenVersion !== claims.tokenVersion) throw invalidToken();
  return {
    db: app.deps.database.db,
    readDb: app.deps.database.readDb,
    user: { id: user.id, email: user.email, companyId: user.companyId, companyRole: user.companyRole },
  };
}

/** Every route needs a valid bearer access token unless its config says `public: true`. */
export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('ctx', null as unknown as Ctx);
  const userLookup = prepareUserLookup(app.deps.database.db);
  const knownUsers = new KnownUsers();
  const checks: Checks = {
    readUser: async (id) => (await userLookup.execute({ id }))[0],
    knownUsers,
    verifyToken: accessTokenVerifier(app.deps.config.jwtSecret),
  };
  app.addHook('onReady', async () => {
    await app.deps.database.listen(USER_CHANGED_CHANNEL, {
      onMessage: (payload) => knownUsers.changed(payload),
      onListening: (listening) => knownUsers.listening(listening),
    });
  });
  app.addHook('onClose', async () => knownUsers.close());
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config?.public) return;
    request.ctx = await resolveCtx(app, checks, request);
    if (config?.adminOnly && request.ctx.user.companyRole !== 'Admin') {
      throw new AppError('permission_denied', 'You do not have permission to perform this action.');
    }
  });
}
