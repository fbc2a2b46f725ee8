import {
  BuildingDetailSchema,
  BuildingItemSchema,
  BuildingListSchema,
  CancelConstructionQuerySchema,
  type CancelResultSchema,
  ConstructionSchema,
  CostSchema,
  DamageSchema,
  DefenseDetailSchema,
  DefenseItemSchema,
  DefenseListSchema,
  envelope,
  FactoryDetailSchema,
  FactoryItemSchema,
  FactoryListSchema,
  LayerSchema,
  type ModuleDetailSchema,
  ModuleIdParamsSchema,
  type ModuleItemSchema,
  type ModuleListSchema,
  RequirementsSchema,
  ResearchDetailSchema,
  ResearchItemSchema,
  ResearchListSchema,
  ShipDetailSchema,
  ShipItemSchema,
  ShipListSchema,
  UnitOrderBodySchema,
} from '@starhold/contract';
import { z } from 'zod';
import type { AppContext, AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import { economyDeps } from '../economy/index.js';
import { createConstructionsService, type ConstructionKind } from './constructions.service.js';

const LEVEL_KINDS = ['factories', 'buildings', 'researchs'] as const;
const UNIT_KINDS = ['ships', 'defenses'] as const;
const DEMOLISHABLE = ['factories', 'buildings'] as const;
const ALL_KINDS: readonly ConstructionKind[] = [...LEVEL_KINDS, ...UNIT_KINDS];

interface KindSchemas {
  item: typeof ModuleItemSchema;
  detail: typeof ModuleDetailSchema;
  list: typeof ModuleListSchema;
  cancel: typeof CancelResultSchema;
}

/**
 * Each kind answers with its own item schema rather than the five-way union: the OpenAPI document
 * shows what a screen really gets, and the compiled serializer (http/serializer.ts) writes each
 * item directly instead of testing it against five schemas. Typed as the generic schemas, since
 * the service returns the generic types.
 */
function kindSchemas(item: z.ZodObject, detail: z.ZodObject, list: z.ZodObject): KindSchemas {
  const cancel = list.extend({ refund: z.array(CostSchema) });
  return { item, detail, list, cancel } as unknown as KindSchemas;
}

const SCHEMAS: Record<ConstructionKind, KindSchemas> = {
  factories: kindSchemas(FactoryItemSchema, FactoryDetailSchema, FactoryListSchema),
  buildings: kindSchemas(BuildingItemSchema, BuildingDetailSchema, BuildingListSchema),
  ships: kindSchemas(ShipItemSchema, ShipDetailSchema, ShipListSchema),
  defenses: kindSchemas(DefenseItemSchema, DefenseDetailSchema, DefenseListSchema),
  researchs: kindSchemas(ResearchItemSchema, ResearchDetailSchema, ResearchListSchema),
};

/** The five module screens under /me/planet/{factories|buildings|ships|defenses|researchs}. */
export function constructionsRoutes(app: AppInstance, ctx: AppContext): void {
  const service = createConstructionsService(economyDeps(ctx));
  const params = ModuleIdParamsSchema;

  for (const kind of ALL_KINDS) {
    const base = `/me/planet/${kind}`;
    const tags = [kind];

    app.get(base, { schema: { tags, response: { 200: envelope(SCHEMAS[kind].list) } } }, async (request) => ({
      data: await service.list(sessionOf(request).accountId, ctx.clock(), kind),
    }));

    app.get(
      `${base}/:id`,
      { schema: { tags, params, response: { 200: envelope(SCHEMAS[kind].detail) } } },
      async (request) => ({
        data: await service.detail(sessionOf(request).accountId, ctx.clock(), kind, request.params.id),
      }),
    );

    app.get(
      `${base}/:id/requirements`,
      { schema: { tags, params, response: { 200: envelope(RequirementsSchema) } } },
      async (request) => ({
        data: await service.requirements(sessionOf(request).accountId, ctx.clock(), kind, request.params.id),
      }),
    );
  }

  for (const kind of LEVEL_KINDS) {
    const base = `/me/planet/${kind}`;
    const tags = [kind];

    app.post(
      `${base}/:id`,
      { schema: { tags, params, response: { 200: envelope(ConstructionSchema) } } },
      async (request) => ({
        data: await service.start(
          sessionOf(request).accountId,
          ctx.clock(),
          kind,
          request.params.id,
          undefined,
        ),
      }),
    );

    app.delete(
      base,
      {
        schema: {
          tags,
          querystring: CancelConstructionQuerySchema,
          response: { 200: envelope(SCHEMAS[kind].cancel) },
        },
      },
      async (request) => ({
        data: await service.cancel(sessionOf(request).accountId, ctx.clock(), kind, request.query.id),
      }),
    );
  }

  for (const kind of UNIT_KINDS) {
    const base = `/me/planet/${kind}`;
    const tags = [kind];

    app.post(
      `${base}/:id`,
      {
        schema: { tags, params, body: UnitOrderBodySchema, response: { 200: envelope(ConstructionSchema) } },
      },
      async (request) => ({
        data: await service.start(
          sessionOf(request).accountId,
          ctx.clock(),
          kind,
          request.params.id,
          request.body.value,
        ),
      }),
    );

    app.get(
      `${base}/:id/damages`,
      { schema: { tags, params, response: { 200: envelope(z.array(DamageSchema)) } } },
      async (request) => ({
        data: await service.damages(sessionOf(request).accountId, ctx.clock(), kind, request.params.id),
      }),
    );

    app.get(
      `${base}/:id/layers`,
      { schema: { tags, params, response: { 200: envelope(z.array(LayerSchema)) } } },
      async (request) => ({
        data: await service.layers(sessionOf(request).accountId, ctx.clock(), kind, request.params.id),
      }),
    );
  }

  for (const kind of DEMOLISHABLE) {
    app.delete(
      `/me/planet/${kind}/:id`,
      { schema: { tags: [kind], params, response: { 200: envelope(SCHEMAS[kind].item) } } },
      async (request) => ({
        data: await service.demolish(sessionOf(request).accountId, ctx.clock(), kind, request.params.id),
      }),
    );
  }
}
