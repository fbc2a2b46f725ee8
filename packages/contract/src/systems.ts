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

/**
 * GET /systems/map's columns back into the list items of GET /systems (decision 185): at 10,000
 * systems the columns are a third of the bytes and parse and check in a fraction of the time.
 */
export function systemsFromColumns(columns: SystemsMap): SystemListItem[] {
  const connections = new Map<number, number[]>(columns.ids.map((id) => [id, []]));
  for (let g = 0; g + 1 < columns.gates.length; g += 2) {
    const a = columns.gates[g]!;
    const b = columns.gates[g + 1]!;
    connections.get(a)?.push(b);
    connections.get(b)?.push(a);
  }
  for (const list of connections.values()) list.sort((x, y) => x - y);
  const own = new Set(columns.own);
  return columns.ids.map((id, i) => {
    const security = columns.security[i] ?? 3;
    return {
      id,
      name: columns.names[i] ?? '',
      position: { x: columns.x[i] ?? 0, y: columns.y[i] ?? 0 },
      security: { id: security, name: SECURITY_NAMES[security] },
      race: { id: columns.race[i] ?? 0 },
      connections: connections.get(id) ?? [],
      has_own_planet: own.has(id),
    };
  });
}

const isInt = (value: unknown): boolean => Number.isInteger(value);
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): boolean => typeof value === 'string';
const isSecurity = (value: unknown): boolean => value === 1 || value === 2 || value === 3;

function everyOf(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (!check(item)) return false;
  return true;
}

/**
 * The contract's check of GET /systems/map as plain loops: zod walks 80,000 array items at 10,000
 * systems in about a hundred milliseconds on a slow machine, these loops in about one. Anything
 * they refuse goes through the zod schema, which throws the detailed error.
 */
export const systemsMapParser = {
  parse(value: unknown): SystemsMap {
    if (typeof value === 'object' && value !== null) {
      const c = value as Record<keyof SystemsMap, unknown>;
      const size = Array.isArray(c.ids) ? c.ids.length : -1;
      const sameSize =
        [c.names, c.x, c.y, c.security, c.race].every(
          (column) => Array.isArray(column) && column.length === size,
        ) &&
        Array.isArray(c.gates) &&
        c.gates.length % 2 === 0;
      if (
        sameSize &&
        everyOf(c.ids, isInt) &&
        everyOf(c.names, isString) &&
        everyOf(c.x, isNumber) &&
        everyOf(c.y, isNumber) &&
        everyOf(c.security, isSecurity) &&
        everyOf(c.race, isInt) &&
        everyOf(c.gates, isInt) &&
        everyOf(c.own, isInt)
      )
        return value as SystemsMap;
    }
    const columns = systemsMapSchema.parse(value);
    // The one rule zod's schema cannot say: every column has one entry per system, gates come in pairs.
    const size = columns.ids.length;
    if (
      [columns.names, columns.x, columns.y, columns.security, columns.race].some((c) => c.length !== size) ||
      columns.gates.length % 2 !== 0
    )
      throw new Error('GET /systems/map: columns of different lengths');
    return columns;
  },
};

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
