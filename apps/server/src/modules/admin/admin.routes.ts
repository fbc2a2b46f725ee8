import {
  adminAccountDetailResponseSchema,
  adminAccountParamsSchema,
  adminAccountsQuerySchema,
  adminAccountsResponseSchema,
  adminActionResponseSchema,
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminFleetParamsSchema,
  adminNmiBodySchema,
  adminReasonBodySchema,
} from '@starhold/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, AppInstance } from '../../context.js';
import { DomainError } from '../../errors.js';
import { sessionOf } from '../../http/session.js';
import type { Actor } from './audit.js';
import {
  accountDetail,
  changeNmi,
  endFleet,
  listAudit,
  operatorActor,
  reinstateAccount,
  searchAccounts,
  suspendAccount,
} from './admin.service.js';

/**
 * /admin/*: the operators' console (API.md "Fleets, accounts and operators", decision 220). Inside
 * the session scope (401 signed out); the first hook of this scope answers 403 to anyone but an
 * operator, before the request is validated, so a player learns nothing from a malformed call.
 * There are no routes that change or delete audit entries.
 */
export function adminRoutes(parent: AppInstance, ctx: AppContext): void {
  void parent.register(
    (plugin, _options, done) => {
      const app = plugin.withTypeProvider<ZodTypeProvider>();
      const actors = new WeakMap<FastifyRequest, Actor>();
      const actorOf = (request: FastifyRequest): Actor => {
        const actor = actors.get(request);
        if (actor === undefined) throw new DomainError('ADMIN_OPERATORS_ONLY');
        return actor;
      };
      app.addHook('onRequest', async (request) => {
        actors.set(request, await operatorActor(ctx.db, sessionOf(request).accountId));
      });
      const tags = ['admin'];

      app.get(
        '/accounts',
        {
          schema: {
            tags,
            querystring: adminAccountsQuerySchema,
            response: { 200: adminAccountsResponseSchema },
          },
        },
        async (request) => searchAccounts(ctx.db, request.query),
      );

      app.get(
        '/accounts/:id',
        {
          schema: {
            tags,
            params: adminAccountParamsSchema,
            response: { 200: adminAccountDetailResponseSchema },
          },
        },
        async (request) => ({ data: await accountDetail(ctx.db, request.params.id, ctx.clock()) }),
      );

      const action = { tags, params: adminAccountParamsSchema, response: { 200: adminActionResponseSchema } };

      app.post(
        '/accounts/:id/suspend',
        { schema: { ...action, body: adminReasonBodySchema } },
        async (request) => ({
          data: await suspendAccount(
            ctx,
            actorOf(request),
            request.params.id,
            request.body.reason,
            ctx.clock(),
          ),
        }),
      );

      app.post(
        '/accounts/:id/reinstate',
        { schema: { ...action, body: adminReasonBodySchema } },
        async (request) => ({
          data: await reinstateAccount(
            ctx,
            actorOf(request),
            request.params.id,
            request.body.reason,
            ctx.clock(),
          ),
        }),
      );

      app.post('/accounts/:id/nmi', { schema: { ...action, body: adminNmiBodySchema } }, async (request) => ({
        data: await changeNmi(
          ctx,
          actorOf(request),
          request.params.id,
          request.body.amount,
          request.body.reason,
          ctx.clock(),
        ),
      }));

      app.post(
        '/accounts/:id/fleets/:fleetId/end',
        { schema: { ...action, params: adminFleetParamsSchema, body: adminReasonBodySchema } },
        async (request) => ({
          data: await endFleet(
            ctx,
            actorOf(request),
            request.params.id,
            request.params.fleetId,
            request.body.reason,
            ctx.clock(),
          ),
        }),
      );

      app.get(
        '/audit',
        { schema: { tags, querystring: adminAuditQuerySchema, response: { 200: adminAuditResponseSchema } } },
        async (request) => listAudit(ctx.db, request.query),
      );
      done();
    },
    { prefix: '/admin' },
  );
}
