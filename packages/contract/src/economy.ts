/**
 * The economy part of the contract: planets, the five module screens (factories, buildings,
 * ships, defenses, researchs) and their construction queues. Names are stable keys
 * (`metal_mine`); the web app translates them. Timestamps are ISO 8601 UTC with a `Z`.
 */
import { z } from 'zod';
import { idStringSchema, isVisibleText } from './common.js';

/** Control characters (C0, DEL and C1) are refused in player-chosen names. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const PLANET_NAME_MIN = 3;
export const PLANET_NAME_MAX = 20;
export const UNIT_QUANTITY_MAX = 100_000;

const isoTimestamp = z.string().describe('ISO 8601 UTC timestamp with a Z');
const idRef = z.object({ id: z.number().int() });
const namedRef = z.object({ id: z.number().int(), name: z.string() });

// ---- Requests ----

export const SetFocusPlanetBodySchema = z.strictObject({ planet_index: z.number().int().min(0) });
export type SetFocusPlanetBody = z.infer<typeof SetFocusPlanetBodySchema>;

export const RenamePlanetBodySchema = z.strictObject({
  name: z
    .string()
    // Before trimming, which would drop a leading or trailing U+FEFF, U+2028 or U+2029 silently.
    .refine(isVisibleText, { message: 'INVALID_CHARACTERS' })
    .trim()
    .min(PLANET_NAME_MIN)
    .max(PLANET_NAME_MAX)
    .refine((name) => !CONTROL_CHARACTERS.test(name), { message: 'INVALID_CHARACTERS' }),
});
export type RenamePlanetBody = z.infer<typeof RenamePlanetBodySchema>;

/** Quantity of ships or defenses in one order: a JSON integer, never a string. */
export const UnitOrderBodySchema = z.strictObject({
  value: z.number().int().min(1).max(UNIT_QUANTITY_MAX),
});
export type UnitOrderBody = z.infer<typeof UnitOrderBodySchema>;

export const ModuleIdParamsSchema = z.strictObject({ id: idStringSchema });
export type ModuleIdParams = z.infer<typeof ModuleIdParamsSchema>;

/** `DELETE` on a module collection cancels the last queued item, or the one given by `?id=`. */
export const CancelConstructionQuerySchema = z.strictObject({ id: idStringSchema.optional() });
export type CancelConstructionQuery = z.infer<typeof CancelConstructionQuerySchema>;

// ---- Shared shapes ----

export const ConstructionSchema = z.object({
  id: z.number().int(),
  type_id: z.number().int().min(1).max(5),
  module_id: z.number().int(),
  /** 1 waiting, 2 in progress. */
  state: z.number().int().min(1).max(2),
  started_at: isoTimestamp.nullable(),
  scheduled_at: isoTimestamp.nullable(),
  /** Target level for levels, quantity for unit orders. */
  scheduled_value: z.number().int(),
  /** Unit orders only: units already delivered. */
  delivered: z.number().int().optional(),
});
export type Construction = z.infer<typeof ConstructionSchema>;

export const CostSchema = z.object({ resource: namedRef, amount: z.number() });
export type Cost = z.infer<typeof CostSchema>;

/** Fields every module item carries, so that a grid needs one call. */
const listItemFields = {
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  can_be_improved: z.boolean(),
  nb_upgrade_on_progress: z.number().int(),
  next_level_costs: z.array(CostSchema),
  next_level_time: z.number(),
};

export const FactoryItemSchema = z.object({
  ...listItemFields,
  factory: z.object({ id: z.number().int(), name: z.string(), resource: namedRef }),
  level: z.number().int(),
  value: z.number(),
  hangar_capacity: z.number(),
  production_per_hour: z.number(),
  production_per_second: z.number(),
});
export type FactoryItem = z.infer<typeof FactoryItemSchema>;

export const BuildingItemSchema = z.object({
  ...listItemFields,
  building: z.object({ id: z.number().int(), name: z.string(), race: idRef }),
  level: z.number().int(),
});
export type BuildingItem = z.infer<typeof BuildingItemSchema>;

export const ShipItemSchema = z.object({
  ...listItemFields,
  ship: z.object({
    id: z.number().int(),
    name: z.string(),
    speed: z.number(),
    consumption_per_ua: z.number(),
    can_colonize: z.boolean(),
    can_exploit: z.boolean(),
    can_spy: z.boolean(),
    race: idRef,
  }),
  value: z.number().int(),
});
export type ShipItem = z.infer<typeof ShipItemSchema>;

export const DefenseItemSchema = z.object({
  ...listItemFields,
  defense: z.object({ id: z.number().int(), name: z.string(), race: idRef }),
  value: z.number().int(),
});
export type DefenseItem = z.infer<typeof DefenseItemSchema>;

export const ResearchItemSchema = z.object({
  ...listItemFields,
  research: z.object({ id: z.number().int(), name: z.string() }),
  level: z.number().int(),
});
export type ResearchItem = z.infer<typeof ResearchItemSchema>;

export const BuildingRequirementSchema = z.object({
  building: idRef,
  level: z.number().int(),
  current_level: z.number().int(),
  module_id: z.number().int(),
});
export const ResearchRequirementSchema = z.object({
  research: idRef,
  required_research_id: z.number().int(),
  level: z.number().int(),
  current_level: z.number().int(),
  module_id: z.number().int(),
});
export const RequirementsSchema = z.object({
  building_requirements: z.array(BuildingRequirementSchema),
  research_requirements: z.array(ResearchRequirementSchema),
});
export type Requirements = z.infer<typeof RequirementsSchema>;

export const DamageSchema = z.object({ id: z.number().int(), resistance: idRef, value: z.number() });
export type Damage = z.infer<typeof DamageSchema>;

export const LayerSchema = z.object({
  id: z.number().int(),
  value: z.number(),
  resistances: z.array(z.object({ id: z.number().int(), resistance: idRef, value: z.number() })),
});
export type Layer = z.infer<typeof LayerSchema>;

function moduleList<T extends z.ZodType>(item: T) {
  return z.object({
    modules: z.array(item),
    construction_lists: z.array(ConstructionSchema),
    max_construction_lists: z.number().int(),
  });
}

export const FactoryListSchema = moduleList(FactoryItemSchema);
export const BuildingListSchema = moduleList(BuildingItemSchema);
export const ShipListSchema = moduleList(ShipItemSchema);
export const DefenseListSchema = moduleList(DefenseItemSchema);
export const ResearchListSchema = moduleList(ResearchItemSchema);

export const FactoryDetailSchema = FactoryItemSchema.extend(RequirementsSchema.shape);
export const BuildingDetailSchema = BuildingItemSchema.extend(RequirementsSchema.shape);
export const ShipDetailSchema = ShipItemSchema.extend(RequirementsSchema.shape);
export const DefenseDetailSchema = DefenseItemSchema.extend(RequirementsSchema.shape);
export const ResearchDetailSchema = ResearchItemSchema.extend(RequirementsSchema.shape);

// ---- Planets ----

export const PlanetResourceSchema = z.object({
  resource: namedRef,
  /** Rounded down. */
  value: z.number().int(),
  /** Hangar capacity. */
  max: z.number(),
  production_per_hour: z.number(),
  production_per_second: z.number(),
});
export type PlanetResource = z.infer<typeof PlanetResourceSchema>;

export const PlanetSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  name: z.string(),
  planet_type: z.object({ name: z.string() }),
  last_visit: isoTimestamp.nullable(),
  capacity: z.number().int(),
  max_capacity: z.number().int(),
  race: idRef,
  system: z.object({
    id: z.number().int(),
    name: z.string(),
    security: namedRef,
    race: idRef,
    position: z.object({ x: z.number(), y: z.number() }),
  }),
  planet_position: z.object({ system_id: z.number().int(), index: z.number().int() }),
  construction_lists: z.array(ConstructionSchema),
  resources: z.array(PlanetResourceSchema),
});
export type Planet = z.infer<typeof PlanetSchema>;

export const PlanetListSchema = z.object({ planets: z.array(PlanetSchema) });
export type PlanetList = z.infer<typeof PlanetListSchema>;

/** Any module item: the generic routes serve the five screens with one schema. */
export const ModuleItemSchema = z.union([
  FactoryItemSchema,
  BuildingItemSchema,
  ShipItemSchema,
  DefenseItemSchema,
  ResearchItemSchema,
]);
export type ModuleItem = z.infer<typeof ModuleItemSchema>;
export const ModuleDetailSchema = z.union([
  FactoryDetailSchema,
  BuildingDetailSchema,
  ShipDetailSchema,
  DefenseDetailSchema,
  ResearchDetailSchema,
]);
export type ModuleDetail = z.infer<typeof ModuleDetailSchema>;
export const ModuleListSchema = moduleList(ModuleItemSchema);
export type ModuleList = z.infer<typeof ModuleListSchema>;

/** Answer of a cancel: the list after the change and what was refunded. */
export const CancelResultSchema = ModuleListSchema.extend({ refund: z.array(CostSchema) });
export type CancelResult = z.infer<typeof CancelResultSchema>;
