import { meResponseSchema } from '@starhold/contract';
import type { AppContext, AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import { loadMe } from './me.service.js';

export function meRoutes(app: AppInstance, ctx: AppContext): void {
  app.get('/me', { schema: { tags: ['me'], response: { 200: meResponseSchema } } }, async (request) => ({
    data: await loadMe(ctx, sessionOf(request).accountId, ctx.clock()),
  }));
}
