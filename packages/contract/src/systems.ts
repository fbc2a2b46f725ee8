import { z } from 'zod';
import { envelope, idParamSchema, idStringSchema } from './common.js';

export const SECURITY_NAMES = { 1: 'high', 2: 'low', 3: 'null' } as const;

export const securitySchema = z.object({
  id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  name: z.enum(['high', 'low', 'null']),
});
export type Security = z.infer<typeof securitySchema>;

export const positionSchema = z.object({ x: z.number(), y: z.number() });

export const systemListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: positionSchema,
  security: securitySchema,
  race: z.object({ id: z.number().int() }),
  connections: z.array(z.number().int()),
  has_own_planet: z.boolean(),
});
export type SystemListItem = z.infer<typeof systemListItemSchema>;
export const systemsResponseSchema = envelope(z.array(systemListItemSchema));
export type SystemsResponse = z.infer<typeof systemsResponseSchema>;

/**
 * GET /systems/map: the same universe as GET /systems in columns, for the star map (decision 185).
 * Index i of every column is one system; `gates` lists each gate once as a pair of ids (a < b),
 * flattened; `own` lists the caller's systems. About a third of the list's bytes at 10,000 systems,
 * and the same bytes for every caller but the short `own` column at the end.
 */
export const systemsMapSchema = z.object({
  ids: z.array(z.number().int()),
  names: z.array(z.string()),
  x: z.array(z.number()),
  y: z.array(z.number()),
  security: z.array(securitySchema.shape.id),
  race: z.array(z.number().int()),
  gates: z.array(z.number().int()),
  own: z.array(z.number().int()),
});
export type SystemsMap = z.infer<typeof systemsMapSchema>;
export const systemsMapResponseSchema = envelope(systemsMapSchema);
export type SystemsMapResponse = z.infer<typeof systemsMapResponseSchema>;

export const debrisSchema = z.object({
  resource: z.object({ id: z.number().int(), name: z.string() }),
  amount: z.number(),
});

export const systemPlanetSchema = z.object({
  index: z.number().int(),
  planet: z
    .object({
      id: z.number().int(),
      name: z.string(),
      planet_type: z.object({ name: z.string() }),
      last_visit: z.string().nullable(),
      account: z.object({
        id: z.number().int(),
        username: z.string(),
        is_me: z.boolean(),
        race: z.object({ id: z.number().int() }),
      }),
    })
    .nullable(),
  debris: z.array(debrisSchema),
});
export type SystemPlanet = z.infer<typeof systemPlanetSchema>;

export const systemSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  security: securitySchema,
});
export type SystemSummary = z.infer<typeof systemSummarySchema>;

export const systemDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: positionSchema,
  security: securitySchema,
  race: z.object({ id: z.number().int() }),
  connections: z.array(systemSummarySchema),
  system_planets: z.array(systemPlanetSchema),
});
export type SystemDetail = z.infer<typeof systemDetailSchema>;
export const systemDetailResponseSchema = envelope(systemDetailSchema);
export type SystemDetailResponse = z.infer<typeof systemDetailResponseSchema>;

export const systemIdParamsSchema = idParamSchema;
export const routeParamsSchema = z.object({ from: idStringSchema, to: idStringSchema });
export const ROUTE_PREFERENCES = ['shortest', 'safer', 'less_secure'] as const;
export type RoutePreference = (typeof ROUTE_PREFERENCES)[number];
export const routeQuerySchema = z.object({ prefer: z.enum(ROUTE_PREFERENCES).default('shortest') });
export const routeResponseSchema = envelope(z.array(systemSummarySchema));
export type RouteResponse = z.infer<typeof routeResponseSchema>;
