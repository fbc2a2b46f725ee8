import { loginBodySchema, meResponseSchema, okSchema, registerBodySchema } from '@starhold/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext, AppInstance } from '../../context.js';
import { createMailer } from '../mail/index.js';
import { accountSecurityRoutes } from './account-security.routes.js';
import { createAccountSecurityService } from './account-security.service.js';
import type { AuthService, Session } from './auth.service.js';
import { REFRESH_TTL_REMEMBERED_MS } from './auth.service.js';
import { ACCESS_TOKEN_TTL_MS } from './tokens.js';

export const ACCESS_COOKIE = 'auth_token';
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

export function setSessionCookies(reply: FastifyReply, session: Session, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...base,
    path: '/',
    maxAge: ACCESS_TOKEN_TTL_MS / 1000,
  });
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    // Without remember_me the refresh cookie dies with the browser session.
    ...(session.rememberMe ? { maxAge: REFRESH_TTL_REMEMBERED_MS / 1000 } : {}),
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
}

export function authRoutes(app: AppInstance, ctx: AppContext, auth: AuthService): void {
  const secure = ctx.config.cookieSecure;

  app.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: registerBodySchema, response: { 201: meResponseSchema } } },
    async (request, reply) => {
      const { me, session } = await auth.register(
        request.body,
        request.headers['accept-language'],
        request.ip,
        request.headers['user-agent'],
      );
      setSessionCookies(reply, session, secure);
      return reply.code(201).send({ data: me });
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginBodySchema, response: { 200: meResponseSchema } } },
    async (request, reply) => {
      const { me, session } = await auth.login(request.body, request.ip, request.headers['user-agent']);
      setSessionCookies(reply, session, secure);
      return { data: me };
    },
  );

  app.post(
    '/auth/refresh',
    { schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      try {
        const session = await auth.refresh(request.cookies[REFRESH_COOKIE], {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        setSessionCookies(reply, session, secure);
        return { data: { ok: true as const } };
      } catch (error) {
        clearSessionCookies(reply, secure);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE], request.cookies[ACCESS_COOKIE]);
      clearSessionCookies(reply, secure);
      return { data: { ok: true as const } };
    },
  );

  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl, mailFrom: ctx.config.mailFrom }, app.log);
  const publicUrl = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  const accounts = createAccountSecurityService(ctx, mailer, app.log, publicUrl);
  // Mails asked for before a shutdown are still sent (or fail and are logged) before it ends.
  app.addHook('onClose', () => accounts.settled());
  accountSecurityRoutes(app, auth, accounts, (reply) => clearSessionCookies(reply, secure), ACCESS_COOKIE);
}
