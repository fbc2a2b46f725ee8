import { z } from 'zod';
import { envelope, idStringSchema, MAX_ID, timestampSchema } from './common.js';
import { ROUTE_PREFERENCES } from './systems.js';

/** FLEETS.md section 1: 1 transport, 2 park, 3 attack, 4 spy, 5 exploit, 6 colonize. */
export const FLEET_MISSIONS = [1, 2, 3, 4, 5, 6] as const;
export const FLEET_SPEEDS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
/** The combat engine's bound on one side (decision 170): no fleet can hold more of one ship. */
export const FLEET_SHIP_COUNT_MAX = 2_147_483_647;
/** Cargo amounts stay exact doubles; a planet never holds more. */
export const FLEET_CARGO_MAX = Number.MAX_SAFE_INTEGER;

const dbId = z.number().int().min(1).max(MAX_ID);
const missionSchema = z.number().int().min(1).max(6);

export const fleetShipSchema = z.strictObject({
  id: dbId,
  count: z.number().int().min(1).max(FLEET_SHIP_COUNT_MAX),
});
export type FleetShip = z.infer<typeof fleetShipSchema>;

export const fleetCargoSchema = z.strictObject({
  metal: z.number().int().min(0).max(FLEET_CARGO_MAX),
  crystal: z.number().int().min(0).max(FLEET_CARGO_MAX),
  fuel: z.number().int().min(0).max(FLEET_CARGO_MAX),
});
export type FleetCargo = z.infer<typeof fleetCargoSchema>;

export const fleetTargetSchema = z.strictObject({
  system_id: dbId,
  orbit: z.number().int().min(1).max(1000),
});
export type FleetTarget = z.infer<typeof fleetTargetSchema>;

/**
 * `POST /me/fleets/preview` and `POST /me/fleets` (API.md): the focus planet sends the ships.
 * A ship id listed twice is malformed (which count would hold?).
 */
export const fleetOrderBodySchema = z.strictObject({
  mission: missionSchema,
  target: fleetTargetSchema,
  ships: z
    .array(fleetShipSchema)
    .min(1)
    .max(64)
    .refine((ships) => new Set(ships.map((ship) => ship.id)).size === ships.length, {
      message: 'each ship id once',
    }),
  speed: z
    .number()
    .int()
    .min(10)
    .max(100)
    .refine((speed) => speed % 10 === 0, { message: 'a multiple of 10' }),
  prefer: z.enum(ROUTE_PREFERENCES),
  cargo: fleetCargoSchema.optional(),
});
export type FleetOrderBody = z.infer<typeof fleetOrderBodySchema>;

export const fleetPreviewSchema = z.object({
  route: z.array(z.number().int()),
  distance: z.number(),
  duration_seconds: z.number().int(),
  arrives_at: timestampSchema,
  fuel: z.number().int(),
  cargo_capacity: z.number(),
  null_systems: z.number().int(),
});
export type FleetPreview = z.infer<typeof fleetPreviewSchema>;
export const fleetPreviewResponseSchema = envelope(fleetPreviewSchema);

export const fleetSchema = z.object({
  id: z.number().int(),
  mission: missionSchema,
  state: z.enum(['outbound', 'returning']),
  origin: z.object({ system_id: z.number().int(), orbit: z.number().int(), planet_index: z.number().int() }),
  target: z.object({ system_id: z.number().int(), orbit: z.number().int() }),
  route: z.array(z.number().int()),
  ships: z.array(z.object({ id: z.number().int(), count: z.number().int() })),
  cargo: z.object({ metal: z.number(), crystal: z.number(), fuel: z.number() }),
  departed_at: timestampSchema,
  arrives_at: timestampSchema,
  /** Null while outbound. */
  returns_at: timestampSchema.nullable(),
});
export type Fleet = z.infer<typeof fleetSchema>;
export const fleetResponseSchema = envelope(fleetSchema);

/** FLEETS.md section 8: what a defender sees of an attack or spy fleet heading its way. */
export const hostileFleetSchema = z.object({
  id: z.number().int(),
  mission: missionSchema,
  origin: z.object({ system_id: z.number().int() }),
  target: z.object({ system_id: z.number().int(), orbit: z.number().int() }),
  arrives_at: timestampSchema,
  /** Present when the defender's Espionage is at least the attacker's. */
  ships: z.array(z.object({ id: z.number().int(), count: z.number().int() })).optional(),
});
export type HostileFleet = z.infer<typeof hostileFleetSchema>;

export const fleetListSchema = z.object({ own: z.array(fleetSchema), hostile: z.array(hostileFleetSchema) });
export type FleetList = z.infer<typeof fleetListSchema>;
export const fleetListResponseSchema = envelope(fleetListSchema);

/** `/me/fleets/{id}` and `/me/reports/{id}`. */
export const fleetIdParamsSchema = z.strictObject({ id: idStringSchema });

/**
 * `GET /me/reports/{id}`: the caller's copy of a combat or spy report. `data` is the report as the
 * rules engine wrote it (combat: rounds, losses, debris, plunder, rebuilt defenses; spy: score,
 * resources and what the score reveals), kept as is so that a replay compares exactly.
 */
export const reportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['combat', 'spy']),
  created_at: timestampSchema,
  data: z.record(z.string(), z.unknown()),
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponseSchema = envelope(reportSchema);
