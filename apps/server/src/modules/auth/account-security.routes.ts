import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
  idParamSchema,
  okSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  sessionsEndedResponseSchema,
  sessionsResponseSchema,
} from '@starhold/contract';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import type { AccountSecurityService } from './account-security.service.js';
import type { AuthService } from './auth.service.js';
import { prefersEnglish } from './language.js';

const language = (header: string | undefined) => (prefersEnglish(header) ? 'en' : 'fr');

/**
 * The account's security routes (API.md "Accounts"): the reset and confirmation links are
 * public; the rest needs the session, checked as in the protected scope.
 */
export function accountSecurityRoutes(
  app: AppInstance,
  auth: AuthService,
  service: AccountSecurityService,
  clearCookies: (reply: FastifyReply) => void,
  accessCookie: string,
): void {
  const tags = ['auth'];

  app.post(
    '/auth/password-reset',
    { schema: { tags, body: passwordResetBodySchema, response: { 202: okSchema } } },
    async (request, reply) => {
      await service.requestPasswordReset(
        request.body,
        request.ip,
        language(request.headers['accept-language']),
      );
      return reply.code(202).send({ data: { ok: true as const } });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    { schema: { tags, body: passwordResetConfirmBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await service.confirmPasswordReset(request.body);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/auth/email-change/confirm',
    { schema: { tags, body: emailChangeConfirmBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await service.confirmEmailChange(request.body.token);
      return { data: { ok: true as const } };
    },
  );

  const signedIn: FastifyPluginCallback = (plugin, _options, registered) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', async (request) => {
      request.auth = await auth.authenticate(request.cookies[accessCookie]);
    });
    const meTags = ['me'];

    scope.post(
      '/me/password',
      {
        schema: {
          tags: meTags,
          body: changePasswordBodySchema,
          response: { 200: sessionsEndedResponseSchema },
        },
      },
      async (request) => {
        const ended = await service.changePassword(sessionOf(request), request.body, request.ip);
        return { data: { ok: true as const, ended } };
      },
    );

    scope.post(
      '/me/email',
      { schema: { tags: meTags, body: emailChangeBodySchema, response: { 202: okSchema } } },
      async (request, reply) => {
        await service.requestEmailChange(
          sessionOf(request),
          request.body,
          request.ip,
          language(request.headers['accept-language']),
        );
        return reply.code(202).send({ data: { ok: true as const } });
      },
    );

    scope.get(
      '/me/sessions',
      { schema: { tags: meTags, response: { 200: sessionsResponseSchema } } },
      async (request) => ({ data: await service.sessions(sessionOf(request)) }),
    );

    scope.delete(
      '/me/sessions/:id',
      { schema: { tags: meTags, params: idParamSchema, response: { 200: okSchema } } },
      async (request, reply) => {
        const { current } = await service.endSession(sessionOf(request), request.params.id);
        if (current) clearCookies(reply);
        return { data: { ok: true as const } };
      },
    );

    scope.delete(
      '/me/sessions',
      { schema: { tags: meTags, response: { 200: sessionsEndedResponseSchema } } },
      async (request) => {
        const ended = await service.endOtherSessions(sessionOf(request));
        return { data: { ok: true as const, ended } };
      },
    );

    scope.delete(
      '/me',
      { schema: { tags: meTags, body: deleteAccountBodySchema, response: { 200: okSchema } } },
      async (request, reply) => {
        await service.deleteAccount(sessionOf(request), request.body, request.ip);
        clearCookies(reply);
        return { data: { ok: true as const } };
      },
    );
    registered();
  };
  void app.register(signedIn);
}
