import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DemoRegisterBody,
  LoginBody,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  REFRESH_COOKIE_NAME,
  REFRESH_TOKEN_COOKIE_DAYS,
  RefreshBody,
  StatusResponse,
  TokenPair,
  UserResponse,
} from '@kontor/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import * as auth from './auth.service.js';

const COOKIE_PATH = '/api';

/**
 * The SPA never sees the refresh token: it lives in an HttpOnly cookie (ADR 0003). Secure when the
 * request came over https (directly, or through a proxy TRUST_PROXY names) or PUBLIC_URL is https:
 * behind a TLS-terminating balancer the app itself may only ever see http.
 */
function setRefreshCookie(config: Config, request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https' || config.publicUrlIsHttps,
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_COOKIE_DAYS * 86_400,
  });
}
const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE_NAME, { path: COOKIE_PATH });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Per-IP request limit for the unauthenticated endpoints, on top of the per-account failure
  // count. Refresh runs on every page load of every user behind an office IP: it gets more room.
  const perMinute = deps.config.login.requestsPerMinutePerIp;
  const perIp = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  const refreshPerIp = { rateLimit: { max: perMinute * 4, timeWindow: '1 minute' } };
  // Reset requests do their work after the answer (below): closing waits for it, before the
  // database closes (an onClose of this plugin runs before the app's own).
  app.addHook('onClose', async () => auth.passwordResetsSettled(deps));

  app.post(
    '/login/',
    { config: { public: true, ...perIp }, schema: { tags: ['auth'], body: LoginBody, response: { 200: TokenPair } } },
    async (request, reply) => {
      const tokens = await auth.login(deps, request.body, request.ip);
      setRefreshCookie(deps.config, request, reply, tokens.refresh);
      return tokens;
    },
  );

  app.post(
    '/token/refresh/',
    { config: { public: true, ...refreshPerIp }, schema: { tags: ['auth'], body: RefreshBody, response: { 200: TokenPair } } },
    async (request, reply) => {
      const token = request.body.refresh ?? request.cookies[REFRESH_COOKIE_NAME];
      try {
        const tokens = await auth.refresh(deps, token);
        setRefreshCookie(deps.config, request, reply, tokens.refresh);
        return tokens;
      } catch (err) {
        // Only a refused token ends the cookie: a server failure (a database restart) must not log
        // out everyone who reloads meanwhile; their cookie works again once the server does.
        if (err instanceof AppError && err.code === 'not_authenticated') clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post('/logout/', { config: { public: true }, schema: { tags: ['auth'], body: RefreshBody, response: { 204: z.null() } } }, async (request, reply) => {
    await auth.logout(deps, request.body.refresh ?? request.cookies[REFRESH_COOKIE_NAME]);
    clearRefreshCookie(reply);
    return reply.status(204).send(null);
  });

  app.get('/user/', { schema: { tags: ['auth'], response: { 200: UserResponse } } }, async (request) => auth.getUser(deps, request.ctx.user.id));

  // The caller's own password. Every other session ends; this one goes on with the new tokens.
  app.post(
    '/user/password_change/',
    { config: { ...perIp }, schema: { tags: ['auth'], body: PasswordChangeBody, response: { 200: TokenPair } } },
    async (request, reply) => {
      const tokens = await auth.changePassword(deps, request.ctx.user.id, request.body, request.ip);
      setRefreshCookie(deps.config, request, reply, tokens.refresh);
      return tokens;
    },
  );

  app.post(
    '/user/password_reset/',
    {
      config: { public: true, ...perIp },
      schema: { tags: ['auth'], body: PasswordResetBody, response: { 200: StatusResponse } },
      // The same answer for every address, sent before any of the work: only an existing
      // account's request writes a token and waits on SMTP, and waiting would tell it exists.
      onResponse: (request, reply, done) => {
        if (reply.statusCode === 200) auth.requestPasswordResetAfterAnswer(deps, request.body.email);
        done();
      },
    },
    async () => ({ status: 'OK' }),
  );

  app.post(
    '/user/password_reset/confirm/',
    { config: { public: true, ...perIp }, schema: { tags: ['auth'], body: PasswordResetConfirmBody, response: { 200: StatusResponse } } },
    async (request) => {
      await auth.confirmPasswordReset(deps, request.body);
      return { status: 'OK' };
    },
  );

  app.post(
    '/user/demo_register/',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: DemoRegisterBody, response: { 201: UserResponse } },
    },
    async (request, reply) => reply.status(201).send(await auth.demoRegister(deps, request.body)),
  );
};
