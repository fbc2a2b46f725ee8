import { emailResponseSchema, emailsPageSchema, emailsQuerySchema, idParamSchema } from '@starhold/contract';
import type { AppContext, AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import { createEmailsService } from './emails.service.js';

/** The inbox: GET /me/emails (a page, newest first), GET and PUT (mark read) /me/emails/{id}. */
export function emailsRoutes(app: AppInstance, ctx: AppContext): void {
  const service = createEmailsService(ctx);
  const tags = ['emails'];

  app.get(
    '/me/emails',
    { schema: { tags, querystring: emailsQuerySchema, response: { 200: emailsPageSchema } } },
    async (request) => service.list(sessionOf(request).accountId, request.query),
  );

  app.get(
    '/me/emails/:id',
    { schema: { tags, params: idParamSchema, response: { 200: emailResponseSchema } } },
    async (request) => ({
      data: await service.get(sessionOf(request).accountId, request.params.id),
    }),
  );

  app.put(
    '/me/emails/:id',
    { schema: { tags, params: idParamSchema, response: { 200: emailResponseSchema } } },
    async (request) => ({
      data: await service.markRead(sessionOf(request).accountId, request.params.id),
    }),
  );
}
