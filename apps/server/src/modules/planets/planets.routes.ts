import {
  envelope,
  PlanetListSchema,
  PlanetSchema,
  RenamePlanetBodySchema,
  SetFocusPlanetBodySchema,
} from '@starhold/contract';
import type { AppContext, AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import { economyDeps } from '../economy/index.js';
import { createPlanetsService } from './planets.service.js';

export function planetsRoutes(app: AppInstance, ctx: AppContext): void {
  const planets = createPlanetsService(economyDeps(ctx));
  const tags = ['planets'];

  app.get(
    '/me/planets',
    { schema: { tags, response: { 200: envelope(PlanetListSchema) } } },
    async (request) => ({
      data: { planets: await planets.list(sessionOf(request).accountId, ctx.clock()) },
    }),
  );

  app.get('/me/planet', { schema: { tags, response: { 200: envelope(PlanetSchema) } } }, async (request) => ({
    data: await planets.focus(sessionOf(request).accountId, ctx.clock()),
  }));

  app.post(
    '/me/planet',
    { schema: { tags, body: SetFocusPlanetBodySchema, response: { 200: envelope(PlanetSchema) } } },
    async (request) => ({
      data: await planets.setFocus(sessionOf(request).accountId, ctx.clock(), request.body.planet_index),
    }),
  );

  app.put(
    '/me/planet',
    { schema: { tags, body: RenamePlanetBodySchema, response: { 200: envelope(PlanetSchema) } } },
    async (request) => ({
      data: await planets.rename(sessionOf(request).accountId, ctx.clock(), request.body.name),
    }),
  );
}
