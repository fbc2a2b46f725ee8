import {
  commandantsResponseSchema,
  ModuleIdParamsSchema,
  unlockCommandantBodySchema,
  unlockCommandantResponseSchema,
} from '@starhold/contract';
import type { AppContext, AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import { economyDeps } from '../economy/index.js';
import { createCommandantsService } from './commandants.service.js';

/** GET /me/commandants and POST /me/commandants/{id} with { time: 1..4 }. */
export function commandantsRoutes(app: AppInstance, ctx: AppContext): void {
  const service = createCommandantsService(economyDeps(ctx));
  const tags = ['commandants'];

  app.get(
    '/me/commandants',
    { schema: { tags, response: { 200: commandantsResponseSchema } } },
    async (request) => ({
      data: await service.list(sessionOf(request).accountId, ctx.clock()),
    }),
  );

  app.post(
    '/me/commandants/:id',
    {
      schema: {
        tags,
        params: ModuleIdParamsSchema,
        body: unlockCommandantBodySchema,
        response: { 200: unlockCommandantResponseSchema },
      },
    },
    async (request) => ({
      data: await service.unlock(
        sessionOf(request).accountId,
        ctx.clock(),
        request.params.id,
        request.body.time,
      ),
    }),
  );
}
