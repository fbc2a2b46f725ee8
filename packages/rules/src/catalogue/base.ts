import type {
  CommandantDuration,
  LayerId,
  PlanetTypeKey,
  PlayableRaceId,
  RaceId,
  ResistanceId,
  ResourceId,
  ResourceKey,
  Resources,
  SecurityId,
} from '../types.js';

/** A prerequisite: a building level on the planet concerned, or a research level of the account. */
export interface Requirement {
  kind: 'building' | 'research';
  id: number;
  level: number;
}

export interface RaceDef {
  id: RaceId;
  key: 'human' | 'insectoid' | 'nomad';
  playable: boolean;
}

export interface ResourceDef {
  id: ResourceId;
  key: ResourceKey;
}

export interface FactoryDef {
  id: number;
  key: string;
  resourceId: ResourceId;
  baseCost: Resources;
  factor: number;
  /** Production per hour at level L before bonuses is perHourBase * L * 1.1^L. */
  perHourBase: number;
  /** Produced even at level 0. */
  passivePerHour: number;
  requirements: Requirement[];
}

export interface BuildingDef {
  id: number;
  key: string;
  baseCost: Resources;
  factor: number;
  requirements: Requirement[];
}

export type ResearchDef = BuildingDef;

export interface PlanetTypeDef {
  id: number;
  key: PlanetTypeKey;
  /** Additive production bonus per resource (0.25 = +25%). */
  bonus: Resources;
}

export interface LayerDef {
  id: LayerId;
  key: 'structure' | 'biostructure' | 'armor' | 'shield';
}

export interface ResistanceDef {
  id: ResistanceId;
  key: 'thermal' | 'kinetic' | 'explosive' | 'em';
}

export interface SecurityDef {
  id: SecurityId;
  key: 'high' | 'low' | 'null';
}

export interface CommandantDef {
  id: 1 | 2 | 3 | 4 | 5;
  key: 'geologist' | 'architect' | 'admiral' | 'technocrat' | 'commander';
  nmi: Record<CommandantDuration, number>;
}

export const RACES: readonly RaceDef[] = [
  { id: 1, key: 'human', playable: true },
  { id: 2, key: 'insectoid', playable: true },
  { id: 3, key: 'nomad', playable: false },
];

export const PLAYABLE_RACES: readonly PlayableRaceId[] = [1, 2];

export const RESOURCES: readonly ResourceDef[] = [
  { id: 1, key: 'metal' },
  { id: 2, key: 'crystal' },
  { id: 3, key: 'fuel' },
];

const cost = (metal: number, crystal: number, fuel: number): Resources => ({ metal, crystal, fuel });
const lab = (level: number): Requirement => ({ kind: 'building', id: 3, level });
const research = (id: number, level: number): Requirement => ({ kind: 'research', id, level });

export const FACTORIES: readonly FactoryDef[] = [
  {
    id: 1,
    key: 'metal_mine',
    resourceId: 1,
    baseCost: cost(60, 15, 0),
    factor: 1.5,
    perHourBase: 30,
    passivePerHour: 30,
    requirements: [],
  },
  {
    id: 2,
    key: 'crystal_mine',
    resourceId: 2,
    baseCost: cost(48, 24, 0),
    factor: 1.6,
    perHourBase: 20,
    passivePerHour: 15,
    requirements: [],
  },
  {
    id: 3,
    key: 'fuel_synthesizer',
    resourceId: 3,
    baseCost: cost(225, 75, 0),
    factor: 1.5,
    perHourBase: 10,
    passivePerHour: 0,
    requirements: [],
  },
];

export const BUILDING = { commandCenter: 1, shipyard: 2, laboratory: 3, hangar: 4, arsenal: 5 } as const;

export const BUILDINGS: readonly BuildingDef[] = [
  { id: 1, key: 'command_center', baseCost: cost(400, 120, 200), factor: 2, requirements: [] },
  {
    id: 2,
    key: 'shipyard',
    baseCost: cost(400, 200, 100),
    factor: 2,
    requirements: [{ kind: 'building', id: 1, level: 2 }],
  },
  {
    id: 3,
    key: 'research_laboratory',
    baseCost: cost(200, 400, 200),
    factor: 2,
    requirements: [{ kind: 'building', id: 1, level: 1 }],
  },
  { id: 4, key: 'hangar', baseCost: cost(1000, 500, 0), factor: 2, requirements: [] },
  {
    id: 5,
    key: 'arsenal',
    baseCost: cost(500, 300, 200),
    factor: 2,
    requirements: [{ kind: 'building', id: 2, level: 1 }],
  },
];

export const RESEARCH = {
  mining: 1,
  fuelChemistry: 2,
  logistics: 3,
  computer: 4,
  espionage: 5,
  astrophysics: 6,
  combustionDrive: 7,
  impulseDrive: 8,
  hyperspaceDrive: 9,
  explosiveWeaponry: 10,
  weapons: 11,
  shielding: 12,
  armour: 13,
  structural: 14,
  thermalWeaponry: 15,
  kineticWeaponry: 16,
  electromagneticWeaponry: 17,
} as const;

export const RESEARCHES: readonly ResearchDef[] = [
  { id: 1, key: 'mining_technology', baseCost: cost(200, 100, 0), factor: 2, requirements: [lab(1)] },
  { id: 2, key: 'fuel_chemistry', baseCost: cost(100, 200, 100), factor: 2, requirements: [lab(1)] },
  { id: 3, key: 'logistics', baseCost: cost(400, 200, 0), factor: 2, requirements: [lab(2)] },
  { id: 4, key: 'computer_technology', baseCost: cost(0, 400, 600), factor: 2, requirements: [lab(1)] },
  { id: 5, key: 'espionage_technology', baseCost: cost(200, 1000, 200), factor: 2, requirements: [lab(3)] },
  {
    id: 6,
    key: 'astrophysics',
    baseCost: cost(4000, 8000, 4000),
    factor: 2,
    requirements: [lab(3), research(5, 4), research(8, 3)],
  },
  { id: 7, key: 'combustion_drive', baseCost: cost(400, 0, 600), factor: 2, requirements: [lab(1)] },
  { id: 8, key: 'impulse_drive', baseCost: cost(2000, 4000, 600), factor: 2, requirements: [lab(2)] },
  {
    id: 9,
    key: 'hyperspace_drive',
    baseCost: cost(10000, 20000, 6000),
    factor: 2,
    requirements: [lab(7), research(12, 5)],
  },
  { id: 10, key: 'explosive_weaponry', baseCost: cost(1000, 300, 100), factor: 2, requirements: [lab(2)] },
  { id: 11, key: 'weapons_technology', baseCost: cost(800, 200, 0), factor: 2, requirements: [lab(4)] },
  { id: 12, key: 'shielding_technology', baseCost: cost(200, 600, 0), factor: 2, requirements: [lab(6)] },
  { id: 13, key: 'armour_technology', baseCost: cost(1000, 0, 0), factor: 2, requirements: [lab(2)] },
  { id: 14, key: 'structural_engineering', baseCost: cost(800, 400, 0), factor: 2, requirements: [lab(2)] },
  { id: 15, key: 'thermal_weaponry', baseCost: cost(200, 100, 0), factor: 2, requirements: [lab(1)] },
  { id: 16, key: 'kinetic_weaponry', baseCost: cost(1000, 300, 100), factor: 2, requirements: [lab(4)] },
  {
    id: 17,
    key: 'electromagnetic_weaponry',
    baseCost: cost(2000, 4000, 1000),
    factor: 2,
    requirements: [lab(4), research(12, 2)],
  },
];

export const COMMANDANT = { geologist: 1, architect: 2, admiral: 3, technocrat: 4, commander: 5 } as const;

export const COMMANDANTS: readonly CommandantDef[] = [
  { id: 1, key: 'geologist', nmi: { 1: 10, 2: 50, 3: 150, 4: 1200 } },
  { id: 2, key: 'architect', nmi: { 1: 10, 2: 50, 3: 150, 4: 1200 } },
  { id: 3, key: 'admiral', nmi: { 1: 8, 2: 40, 3: 120, 4: 1000 } },
  { id: 4, key: 'technocrat', nmi: { 1: 12, 2: 60, 3: 180, 4: 1400 } },
  { id: 5, key: 'commander', nmi: { 1: 15, 2: 75, 3: 220, 4: 1800 } },
];

export const PLANET_TYPES: readonly PlanetTypeDef[] = [
  { id: 1, key: 'default', bonus: cost(0, 0, 0) },
  { id: 2, key: 'gas', bonus: cost(0, 0, 0.25) },
  { id: 3, key: 'mineral', bonus: cost(0.25, 0, 0) },
  { id: 4, key: 'cryogenic', bonus: cost(0, 0.1, 0.15) },
  { id: 5, key: 'volcanic', bonus: cost(0, 0.25, 0) },
];

export const LAYERS: readonly LayerDef[] = [
  { id: 1, key: 'structure' },
  { id: 2, key: 'biostructure' },
  { id: 3, key: 'armor' },
  { id: 4, key: 'shield' },
];

export const RESISTANCES: readonly ResistanceDef[] = [
  { id: 1, key: 'thermal' },
  { id: 2, key: 'kinetic' },
  { id: 3, key: 'explosive' },
  { id: 4, key: 'em' },
];

export const SECURITIES: readonly SecurityDef[] = [
  { id: 1, key: 'high' },
  { id: 2, key: 'low' },
  { id: 3, key: 'null' },
];
