import type { LayerId, PlayableRaceId, ResistanceId, Resources } from '../types.js';
import type { Requirement } from './base.js';

export interface Damage {
  resistanceId: ResistanceId;
  value: number;
}

export interface Layer {
  layerId: LayerId;
  value: number;
  resistances: { resistanceId: ResistanceId; value: number }[];
}

export type ShipRole =
  | 'light_fighter'
  | 'heavy_fighter'
  | 'cruiser'
  | 'battleship'
  | 'bomber'
  | 'espionage_probe'
  | 'small_cargo'
  | 'large_cargo'
  | 'colony_ship'
  | 'recycler';

export type DefenseRole = 'armed' | 'shield_dome';

export interface DefenseDef {
  id: number;
  key: string;
  race: PlayableRaceId;
  role: DefenseRole;
  cost: Resources;
  requirements: Requirement[];
  damages: Damage[];
  layers: Layer[];
}

export interface ShipDef extends Omit<DefenseDef, 'role'> {
  role: ShipRole;
  speed: number;
  consumptionPerUa: number;
  cargo: number;
  canColonize: boolean;
  canExploit: boolean;
  canSpy: boolean;
  drive: 7 | 8 | 9;
}

/** Per damage type: thermal, kinetic, explosive, EM. */
type PerType = readonly [number, number, number, number];

/**
 * Resistances per layer, shared by a race: human structure is soft, armor stops kinetic, shields
 * stop thermal and EM; insectoid biostructure shrugs off explosives, chitin armor resists heat.
 */
const RESISTANCE_PROFILE: Record<LayerId, PerType> = {
  1: [10, 10, 10, 10],
  2: [20, 15, 35, 5],
  3: [30, 45, 20, 10],
  4: [55, 20, 30, 60],
};

const damages = (values: PerType): Damage[] =>
  values.flatMap((value, index) => (value > 0 ? [{ resistanceId: (index + 1) as ResistanceId, value }] : []));

const layer = (layerId: LayerId, value: number): Layer => ({
  layerId,
  value,
  resistances: RESISTANCE_PROFILE[layerId].map((resistance, index) => ({
    resistanceId: (index + 1) as ResistanceId,
    value: resistance,
  })),
});

/** Human hulls: structure, armor, shield. */
const humanLayers = (structure: number, armor: number, shield: number): Layer[] => [
  layer(1, structure),
  layer(3, armor),
  layer(4, shield),
];

/** Insectoid hulls: biostructure and armor, no shield. */
const insectoidLayers = (biostructure: number, armor: number): Layer[] => [
  layer(2, biostructure),
  layer(3, armor),
];

const shipyard = (level: number): Requirement => ({ kind: 'building', id: 2, level });
const arsenal = (level: number): Requirement => ({ kind: 'building', id: 5, level });
const research = (id: number, level: number): Requirement => ({ kind: 'research', id, level });
const cost = (metal: number, crystal: number, fuel: number): Resources => ({ metal, crystal, fuel });

interface ShipRow {
  id: number;
  key: string;
  role: ShipRole;
  cost: Resources;
  speed: number;
  consumptionPerUa: number;
  cargo: number;
  drive: 7 | 8 | 9;
  damages: PerType;
  layers: Layer[];
  requirements: Requirement[];
}

const ship = (race: PlayableRaceId, row: ShipRow): ShipDef => ({
  ...row,
  race,
  damages: damages(row.damages),
  canColonize: row.role === 'colony_ship',
  canExploit: row.role === 'recycler',
  canSpy: row.role === 'espionage_probe',
});

// One row per unit reads as a table; the formatter would spread each over twelve lines.
// prettier-ignore
export const SHIPS: readonly ShipDef[] = [
  ship(1, { id: 1, key: 'light_fighter', role: 'light_fighter', cost: cost(3000, 1000, 0), speed: 12500, consumptionPerUa: 20, cargo: 50, drive: 7, damages: [50, 0, 0, 0], layers: humanLayers(400, 100, 10), requirements: [shipyard(1), research(7, 1)] }),
  ship(1, { id: 2, key: 'heavy_fighter', role: 'heavy_fighter', cost: cost(6000, 4000, 0), speed: 10000, consumptionPerUa: 75, cargo: 100, drive: 8, damages: [100, 50, 0, 0], layers: humanLayers(1000, 250, 25), requirements: [shipyard(3), research(8, 2), research(13, 2)] }),
  ship(1, { id: 3, key: 'cruiser', role: 'cruiser', cost: cost(20000, 7000, 2000), speed: 15000, consumptionPerUa: 300, cargo: 800, drive: 8, damages: [0, 300, 0, 100], layers: humanLayers(2700, 700, 50), requirements: [shipyard(5), research(8, 4), research(16, 2)] }),
  ship(1, { id: 4, key: 'battleship', role: 'battleship', cost: cost(45000, 15000, 0), speed: 10000, consumptionPerUa: 500, cargo: 1500, drive: 9, damages: [0, 700, 300, 0], layers: humanLayers(6000, 1500, 200), requirements: [shipyard(7), research(9, 4)] }),
  ship(1, { id: 5, key: 'bomber', role: 'bomber', cost: cost(50000, 25000, 15000), speed: 4000, consumptionPerUa: 700, cargo: 500, drive: 8, damages: [200, 0, 1000, 0], layers: humanLayers(7500, 1200, 500), requirements: [shipyard(8), research(8, 6), research(10, 5)] }),
  ship(1, { id: 6, key: 'espionage_probe', role: 'espionage_probe', cost: cost(0, 1000, 0), speed: 100000, consumptionPerUa: 1, cargo: 5, drive: 7, damages: [0, 0, 0, 0], layers: humanLayers(100, 10, 10), requirements: [shipyard(3), research(7, 3), research(5, 2)] }),
  ship(1, { id: 7, key: 'small_cargo', role: 'small_cargo', cost: cost(2000, 2000, 0), speed: 5000, consumptionPerUa: 10, cargo: 5000, drive: 7, damages: [5, 0, 0, 0], layers: humanLayers(400, 50, 10), requirements: [shipyard(2), research(7, 2)] }),
  ship(1, { id: 8, key: 'large_cargo', role: 'large_cargo', cost: cost(6000, 6000, 0), speed: 7500, consumptionPerUa: 50, cargo: 25000, drive: 7, damages: [5, 0, 0, 0], layers: humanLayers(1200, 150, 25), requirements: [shipyard(4), research(7, 6)] }),
  ship(1, { id: 9, key: 'colony_ship', role: 'colony_ship', cost: cost(10000, 20000, 10000), speed: 2500, consumptionPerUa: 1000, cargo: 7500, drive: 8, damages: [0, 0, 0, 0], layers: humanLayers(3000, 300, 100), requirements: [shipyard(4), research(8, 3)] }),
  ship(1, { id: 10, key: 'recycler', role: 'recycler', cost: cost(10000, 6000, 2000), speed: 2000, consumptionPerUa: 300, cargo: 20000, drive: 7, damages: [0, 0, 0, 0], layers: humanLayers(1600, 300, 10), requirements: [shipyard(4), research(7, 6), research(14, 2)] }),
  ship(2, { id: 11, key: 'swarm_fighter', role: 'light_fighter', cost: cost(2500, 1500, 0), speed: 13000, consumptionPerUa: 18, cargo: 40, drive: 7, damages: [0, 40, 20, 0], layers: insectoidLayers(600, 150), requirements: [shipyard(1), research(7, 1)] }),
  ship(2, { id: 12, key: 'stinger', role: 'heavy_fighter', cost: cost(5500, 4500, 0), speed: 10500, consumptionPerUa: 70, cargo: 90, drive: 8, damages: [0, 80, 60, 0], layers: insectoidLayers(1400, 350), requirements: [shipyard(3), research(8, 2), research(14, 2)] }),
  ship(2, { id: 13, key: 'brood_cruiser', role: 'cruiser', cost: cost(18000, 9000, 2000), speed: 14000, consumptionPerUa: 280, cargo: 700, drive: 8, damages: [0, 200, 100, 80], layers: insectoidLayers(3500, 1000), requirements: [shipyard(5), research(8, 4), research(16, 2)] }),
  ship(2, { id: 14, key: 'hive_battleship', role: 'battleship', cost: cost(42000, 18000, 0), speed: 9500, consumptionPerUa: 480, cargo: 1400, drive: 9, damages: [0, 500, 450, 0], layers: insectoidLayers(7800, 2200), requirements: [shipyard(7), research(9, 4)] }),
  ship(2, { id: 15, key: 'acid_bomber', role: 'bomber', cost: cost(48000, 27000, 15000), speed: 4200, consumptionPerUa: 680, cargo: 450, drive: 8, damages: [0, 0, 1100, 150], layers: insectoidLayers(9800, 1800), requirements: [shipyard(8), research(8, 6), research(10, 5)] }),
  ship(2, { id: 16, key: 'spore_probe', role: 'espionage_probe', cost: cost(0, 1000, 0), speed: 110000, consumptionPerUa: 1, cargo: 0, drive: 7, damages: [0, 0, 0, 0], layers: insectoidLayers(150, 15), requirements: [shipyard(3), research(7, 3), research(5, 2)] }),
  ship(2, { id: 17, key: 'small_carrier', role: 'small_cargo', cost: cost(2000, 2000, 0), speed: 4800, consumptionPerUa: 10, cargo: 5500, drive: 7, damages: [0, 5, 0, 0], layers: insectoidLayers(600, 80), requirements: [shipyard(2), research(7, 2)] }),
  ship(2, { id: 18, key: 'large_carrier', role: 'large_cargo', cost: cost(6000, 6000, 0), speed: 7000, consumptionPerUa: 50, cargo: 27000, drive: 7, damages: [0, 5, 0, 0], layers: insectoidLayers(1700, 200), requirements: [shipyard(4), research(7, 6)] }),
  ship(2, { id: 19, key: 'seeder', role: 'colony_ship', cost: cost(10000, 20000, 10000), speed: 2400, consumptionPerUa: 1000, cargo: 8000, drive: 8, damages: [0, 0, 0, 0], layers: insectoidLayers(4200, 400), requirements: [shipyard(4), research(8, 3)] }),
  ship(2, { id: 20, key: 'scavenger', role: 'recycler', cost: cost(10000, 6000, 2000), speed: 2100, consumptionPerUa: 300, cargo: 21000, drive: 7, damages: [0, 0, 0, 0], layers: insectoidLayers(2300, 350), requirements: [shipyard(4), research(7, 6), research(14, 2)] }),
];

/** A pirate ship of the nomads (race 3, the NPC faction): never built, never seen in a player's lists. */
export interface NomadShipDef extends Omit<ShipDef, 'race'> {
  race: 3;
}

const nomad = (row: ShipRow): NomadShipDef => ({
  ...row,
  race: 3,
  damages: damages(row.damages),
  canColonize: false,
  canExploit: false,
  canSpy: false,
});

/**
 * The nomad pirates' ships (FLEETS.md section 3), kept out of SHIPS so that every list by race,
 * every requirement check and every player-facing lookup stays exactly as it was. Ids follow the
 * playable ships' (21..25) so one id names one ship everywhere (combat stacks, reports,
 * translations). Human-style hulls; each priced a little above the human ship of its role for a
 * little more power, so the catalogue's rule "cost rises with power" holds across them too.
 */
// prettier-ignore
export const NOMAD_SHIPS: readonly NomadShipDef[] = [
  nomad({ id: 21, key: 'nomad_raider', role: 'light_fighter', cost: cost(3200, 1100, 200), speed: 14000, consumptionPerUa: 22, cargo: 60, drive: 7, damages: [30, 30, 0, 0], layers: humanLayers(450, 110, 15), requirements: [] }),
  nomad({ id: 22, key: 'nomad_marauder', role: 'heavy_fighter', cost: cost(6500, 4200, 300), speed: 11000, consumptionPerUa: 80, cargo: 120, drive: 8, damages: [80, 80, 0, 0], layers: humanLayers(1100, 280, 30), requirements: [] }),
  nomad({ id: 23, key: 'nomad_corsair', role: 'cruiser', cost: cost(21000, 7500, 2000), speed: 15500, consumptionPerUa: 300, cargo: 900, drive: 8, damages: [100, 200, 0, 100], layers: humanLayers(2900, 750, 60), requirements: [] }),
  nomad({ id: 24, key: 'nomad_reaver', role: 'battleship', cost: cost(46000, 16000, 1000), speed: 10500, consumptionPerUa: 520, cargo: 1600, drive: 9, damages: [0, 500, 500, 0], layers: humanLayers(6500, 1600, 220), requirements: [] }),
  nomad({ id: 25, key: 'nomad_warlord', role: 'bomber', cost: cost(52000, 26000, 15000), speed: 4200, consumptionPerUa: 700, cargo: 600, drive: 8, damages: [300, 0, 1000, 0], layers: humanLayers(8000, 1300, 520), requirements: [] }),
];

/** A ship by id among the playable races' and the nomads' (combat, fleets in flight, reports). */
export function findShipDef(id: number): ShipDef | NomadShipDef | undefined {
  return SHIPS.find((def) => def.id === id) ?? NOMAD_SHIPS.find((def) => def.id === id);
}

/** The unit a combat stack names: a ship of any race (nomads included) or a defense. */
export function findCombatUnit(
  kind: 'ship' | 'defense',
  id: number,
): ShipDef | NomadShipDef | DefenseDef | undefined {
  return kind === 'ship' ? findShipDef(id) : DEFENSES.find((def) => def.id === id);
}

interface DefenseRow {
  id: number;
  key: string;
  cost: Resources;
  damages: PerType;
  layers: Layer[];
  requirements: Requirement[];
}

const defense = (race: PlayableRaceId, row: DefenseRow): DefenseDef => ({
  ...row,
  race,
  role: row.damages.some((value) => value > 0) ? 'armed' : 'shield_dome',
  damages: damages(row.damages),
});

// prettier-ignore
export const DEFENSES: readonly DefenseDef[] = [
  defense(1, { id: 1, key: 'rocket_launcher', cost: cost(2000, 0, 0), damages: [0, 0, 80, 0], layers: humanLayers(200, 50, 20), requirements: [arsenal(1)] }),
  defense(1, { id: 2, key: 'light_laser', cost: cost(2000, 500, 0), damages: [100, 0, 0, 0], layers: humanLayers(250, 60, 30), requirements: [arsenal(2), research(15, 1)] }),
  defense(1, { id: 3, key: 'heavy_laser', cost: cost(6000, 2000, 0), damages: [250, 0, 0, 0], layers: humanLayers(800, 200, 100), requirements: [arsenal(3), research(15, 3)] }),
  defense(1, { id: 4, key: 'ion_cannon', cost: cost(3000, 7000, 0), damages: [0, 0, 0, 300], layers: humanLayers(800, 250, 300), requirements: [arsenal(4), research(13, 2)] }),
  defense(1, { id: 5, key: 'gauss_cannon', cost: cost(20000, 15000, 2000), damages: [0, 1100, 0, 0], layers: humanLayers(3500, 800, 200), requirements: [arsenal(6), research(16, 3)] }),
  defense(1, { id: 6, key: 'missile_battery', cost: cost(30000, 20000, 5000), damages: [0, 0, 1500, 0], layers: humanLayers(5000, 1200, 300), requirements: [arsenal(7), research(10, 5)] }),
  defense(1, { id: 7, key: 'plasma_turret', cost: cost(50000, 50000, 30000), damages: [2500, 0, 0, 500], layers: humanLayers(10000, 2500, 1000), requirements: [arsenal(8), research(15, 7), research(17, 3)] }),
  defense(1, { id: 8, key: 'fortress_cannon', cost: cost(120000, 80000, 40000), damages: [0, 3000, 2000, 0], layers: humanLayers(20000, 6000, 2000), requirements: [arsenal(10), research(11, 6)] }),
  defense(1, { id: 9, key: 'small_shield_dome', cost: cost(10000, 10000, 0), damages: [0, 0, 0, 0], layers: humanLayers(2000, 0, 10000), requirements: [arsenal(2), research(12, 2)] }),
  defense(1, { id: 10, key: 'large_shield_dome', cost: cost(50000, 50000, 0), damages: [0, 0, 0, 0], layers: humanLayers(10000, 0, 50000), requirements: [arsenal(6), research(12, 6)] }),
  defense(2, { id: 11, key: 'spine_launcher', cost: cost(2000, 0, 0), damages: [0, 70, 0, 0], layers: insectoidLayers(320, 90), requirements: [arsenal(1)] }),
  defense(2, { id: 12, key: 'acid_spitter', cost: cost(2000, 500, 0), damages: [90, 0, 30, 0], layers: insectoidLayers(400, 100), requirements: [arsenal(2), research(15, 1)] }),
  defense(2, { id: 13, key: 'venom_spitter', cost: cost(6000, 2000, 0), damages: [220, 0, 60, 0], layers: insectoidLayers(1200, 300), requirements: [arsenal(3), research(15, 3)] }),
  defense(2, { id: 14, key: 'nerve_pulser', cost: cost(3000, 7000, 0), damages: [0, 0, 0, 280], layers: insectoidLayers(1300, 450), requirements: [arsenal(4), research(13, 2)] }),
  defense(2, { id: 15, key: 'bone_cannon', cost: cost(20000, 15000, 2000), damages: [0, 1000, 0, 0], layers: insectoidLayers(5000, 1300), requirements: [arsenal(6), research(16, 3)] }),
  defense(2, { id: 16, key: 'spore_battery', cost: cost(30000, 20000, 5000), damages: [0, 0, 1400, 0], layers: insectoidLayers(7000, 1800), requirements: [arsenal(7), research(10, 5)] }),
  defense(2, { id: 17, key: 'plasma_gland', cost: cost(50000, 50000, 30000), damages: [2300, 0, 0, 400], layers: insectoidLayers(14000, 3500), requirements: [arsenal(8), research(15, 7), research(17, 3)] }),
  defense(2, { id: 18, key: 'titan_maw', cost: cost(120000, 80000, 40000), damages: [0, 2800, 1900, 0], layers: insectoidLayers(28000, 8000), requirements: [arsenal(10), research(11, 6)] }),
  defense(2, { id: 19, key: 'small_chitin_dome', cost: cost(10000, 10000, 0), damages: [0, 0, 0, 0], layers: insectoidLayers(9000, 5000), requirements: [arsenal(2), research(14, 2)] }),
  defense(2, { id: 20, key: 'large_chitin_dome', cost: cost(50000, 50000, 0), damages: [0, 0, 0, 0], layers: insectoidLayers(45000, 25000), requirements: [arsenal(6), research(14, 6)] }),
];

/**
 * A rough combat strength used to keep the catalogue balanced: total damage plus a fifth of the
 * total hit points. Combat itself (later) uses the full layer and resistance model.
 */
export function combatPower(unit: Pick<DefenseDef, 'damages' | 'layers'>): number {
  const damage = unit.damages.reduce((sum, d) => sum + d.value, 0);
  const hitPoints = unit.layers.reduce((sum, l) => sum + l.value, 0);
  return damage + hitPoints / 5;
}
