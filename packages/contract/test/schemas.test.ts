import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src/index.js';

/**
 * Every zod schema the contract exports, round-tripped: valid samples parse and re-serialise to
 * the same JSON, invalid ones (a valid sample with one field broken) are refused with the issue
 * on that field. The table is keyed by export name and checked against the module's exports, so a
 * schema added without samples fails here.
 */

const REMOVE = Symbol('remove the field');

interface Mutation {
  /** Where to break the first valid sample; [] replaces it whole. */
  at: (string | number)[];
  value: unknown;
  /** The issue's path when zod reports it elsewhere than `at` (unions report at their root). */
  issue?: (string | number)[];
  /** The issue's message when the schema gives a key (FIELD_ERRORS, INVALID_CHARACTERS). */
  message?: string;
}

interface Case {
  /** Parse to themselves: JSON in, the same JSON out. */
  valid: unknown[];
  /** Schemas that coerce, default or transform: what each input parses to. */
  parsed?: [input: unknown, output: unknown][];
  invalid: Mutation[];
}

const TIME = '2026-11-24T03:00:00.000Z';
const named = (id: number, name: string) => ({ id, name });
const cost = { resource: named(1, 'metal'), amount: 60 };
const construction = {
  id: 7,
  type_id: 1,
  module_id: 1,
  state: 2,
  started_at: TIME,
  scheduled_at: '2026-11-24T03:01:00.000Z',
  scheduled_value: 3,
};
const unitConstruction = { ...construction, id: 8, type_id: 3, state: 1, started_at: null, delivered: 2 };
const itemFields = {
  name: 'metal_mine',
  image: '/images/factories/1.png',
  can_be_improved: true,
  nb_upgrade_on_progress: 0,
  next_level_costs: [cost],
  next_level_time: 27.5,
};
const factoryItem = {
  ...itemFields,
  id: 1,
  factory: { id: 1, name: 'metal_mine', resource: named(1, 'metal') },
  level: 2,
  value: 1234.5,
  hangar_capacity: 10_000,
  production_per_hour: 3000,
  production_per_second: 0.8333,
};
const buildingItem = {
  ...itemFields,
  id: 3,
  name: 'research_laboratory',
  building: { id: 3, name: 'research_laboratory', race: { id: 1 } },
  level: 1,
};
const shipItem = {
  ...itemFields,
  id: 1,
  name: 'light_fighter',
  ship: {
    id: 1,
    name: 'light_fighter',
    speed: 12_500,
    consumption_per_ua: 2,
    can_colonize: false,
    can_exploit: false,
    can_spy: false,
    race: { id: 1 },
  },
  value: 5,
};
const defenseItem = {
  ...itemFields,
  id: 1,
  name: 'rocket_launcher',
  defense: { id: 1, name: 'rocket_launcher', race: { id: 1 } },
  value: 0,
};
const researchItem = { ...itemFields, id: 1, name: 'mining', research: named(1, 'mining'), level: 0 };
const buildingRequirement = { building: { id: 1 }, level: 2, current_level: 1, module_id: 2 };
const researchRequirement = {
  research: { id: 6 },
  required_research_id: 5,
  level: 4,
  current_level: 0,
  module_id: 6,
};
const requirements = {
  building_requirements: [buildingRequirement],
  research_requirements: [researchRequirement],
};
const list = (item: unknown) => ({
  modules: [item],
  construction_lists: [construction],
  max_construction_lists: 3,
});
const planetResource = {
  resource: named(1, 'metal'),
  value: 500,
  max: 10_000,
  production_per_hour: 3300,
  production_per_second: 0.9167,
};
const planet = {
  id: 11,
  index: 0,
  name: 'Homeworld',
  planet_type: { name: 'temperate' },
  last_visit: TIME,
  capacity: 2,
  max_capacity: 163,
  race: { id: 1 },
  system: {
    id: 4,
    name: 'Sol',
    security: named(1, 'high'),
    race: { id: 1 },
    position: { x: 10.5, y: -3 },
  },
  planet_position: { system_id: 4, index: 3 },
  construction_lists: [construction, unitConstruction],
  resources: [planetResource],
};
const race = named(1, 'human');
const points = { total_points: 2.1, economy_points: 1.5, science_points: 0.6, military_points: 0 };
const me = {
  id: 3,
  username: 'ada_1',
  email: 'ada@example.org',
  race,
  focus_planet_index: 0,
  email_not_read_count: 1,
  nmi: 90,
  ...points,
  game_speed: 1,
};
const adminRow = {
  id: 3,
  username: 'ada_1',
  email: 'ada@example.org',
  race: named(1, 'human'),
  total_points: 12.5,
  nmi: 90,
  last_visit: TIME,
  suspended_at: null,
  operator: false,
};
const auditEntry = {
  id: 1,
  at: TIME,
  operator_id: 2,
  operator_name: 'overseer',
  action: 'grant_nmi',
  target_account_id: 3,
  target_name: 'ada_1',
  reason: 'apology',
  before: { nmi: 90 },
  after: { nmi: 190 },
};
const adminDetail = {
  account: { ...adminRow, created_at: TIME },
  planets: [
    {
      id: 4,
      index: 0,
      name: 'Homeworld',
      system_id: 7,
      orbit: 2,
      metal: 500.5,
      crystal: 300,
      fuel: 0,
      ships: 12,
      last_visit: null,
    },
  ],
  fleets: [
    {
      id: 9,
      mission: 4,
      state: 'outbound',
      target_system_id: 8,
      target_orbit: 1,
      arrives_at: TIME,
      returns_at: null,
      ships: 2,
    },
  ],
  queues: [{ id: 2, type_id: 1, module_id: 1, planet_id: 4, state: 2, target_value: 3, finish_at: TIME }],
  emails: [{ id: 5, title: 'welcome', params: '{"username":"ada"}', created_at: TIME, read_at: null }],
  sessions: [{ id: 6, created_at: TIME, expires_at: TIME, remember_me: true, status: 'active' }],
  audit: [auditEntry],
};
const email = { id: 5, title: 'welcome', params: '{"username":"ada_1"}', created_at: TIME, read: false };
const pageMeta = { offset: 0, limit: 25, total: 1 };
const rankingRow = { id: 3, rank: 1, username: 'ada_1', race: { id: 1 }, ...points, is_me: true };
const publicPlanet = { name: 'Homeworld', index: 0, system: named(4, 'Sol') };
const profile = { ...rankingRow, planets: [publicPlanet] };
const commandant = {
  id: 1,
  name: 'geologist',
  nmi_daily: 10,
  nmi_weekly: 50,
  nmi_monthly: 150,
  nmi_yearly: 1200,
};
const availability = { commandant, available: true, available_until: TIME };
const security = named(1, 'high');
const systemListItem = {
  id: 4,
  name: 'Sol',
  position: { x: 10.5, y: -3 },
  security,
  race: { id: 1 },
  connections: [5, 6],
  has_own_planet: true,
};
const systemsMap = {
  ids: [4, 5],
  names: ['Sol', 'Vega'],
  x: [10.5, 20],
  y: [-3, 7],
  security: [1, 2],
  race: [1, 2],
  gates: [4, 5],
  own: [4],
};
const summary = { id: 5, name: 'Vega', security: named(2, 'low') };
const systemPlanet = {
  index: 3,
  planet: {
    id: 11,
    name: 'Homeworld',
    planet_type: { name: 'temperate' },
    last_visit: null,
    account: { id: 3, username: 'ada_1', is_me: false, race: { id: 2 } },
  },
  debris: [{ resource: named(1, 'metal'), amount: 120 }],
};
const systemDetail = {
  id: 4,
  name: 'Sol',
  position: { x: 10.5, y: -3 },
  security,
  race: { id: 1 },
  connections: [summary],
  system_planets: [systemPlanet, { index: 4, planet: null, debris: [] }],
};

const fleetOrder = {
  mission: 3,
  target: { system_id: 3, orbit: 2 },
  ships: [{ id: 4, count: 2 }],
  speed: 100,
  prefer: 'shortest',
};
const fleetPreview = {
  route: [1, 3],
  distance: 105.5,
  duration_seconds: 120,
  arrives_at: '2026-01-01T00:02:00.000Z',
  fuel: 12,
  cargo_capacity: 500,
  null_systems: 0,
};
const fleet = {
  id: 7,
  mission: 3,
  state: 'outbound',
  origin: { system_id: 1, orbit: 4, planet_index: 0 },
  target: { system_id: 3, orbit: 2 },
  route: [1, 3],
  ships: [{ id: 4, count: 2 }],
  cargo: { metal: 0, crystal: 0, fuel: 0 },
  departed_at: '2026-01-01T00:00:00.000Z',
  arrives_at: '2026-01-01T01:00:00.000Z',
  returns_at: null,
};
const hostileFleet = {
  id: 7,
  mission: 4,
  origin: { system_id: 1 },
  target: { system_id: 3, orbit: 2 },
  arrives_at: '2026-01-01T01:00:00.000Z',
};
const report = { id: 1, kind: 'spy', created_at: '2026-01-01T01:00:00.000Z', data: { score: 3 } };

const goal = {
  id: 1,
  key: 'metal_mine_1',
  state: 'claimable',
  done: true,
  claimed: false,
  next: true,
  progress: { current: 1, target: 1 },
  reward: { metal: 60, crystal: 30, fuel: 0, nmi: 0 },
  link: { screen: 'factories', module_id: 1 },
};
const storageAlert = {
  kind: 'storage_full',
  planet_id: 11,
  planet_index: 0,
  planet_name: 'Home',
  resource_id: 1,
  full_at: TIME,
};
const forecast = {
  item_id: 9,
  planet_id: 11,
  type_id: 1,
  module_id: 3,
  target_level: 2,
  starts_at: null,
  drop_reason: 'INSUFFICIENT_RESOURCES',
  drops_at: TIME,
  shortfall: { metal: 120, crystal: 0, fuel: 0 },
};

const CASES: Record<string, Case> = {
  // goals (issue 26)
  goalRewardSchema: { valid: [goal.reward], invalid: [{ at: ['nmi'], value: -1 }] },
  goalSchema: {
    valid: [goal, { ...goal, state: 'locked', next: false, link: { screen: 'ships', module_id: null } }],
    invalid: [
      { at: ['state'], value: 'done' },
      { at: ['link', 'screen'], value: 'fleets' },
      { at: ['progress', 'target'], value: 0 },
    ],
  },
  goalsResponseSchema: { valid: [{ data: [goal] }], invalid: [{ at: ['data', 0, 'claimed'], value: 'no' }] },
  claimGoalResponseSchema: {
    valid: [{ data: { ...goal, state: 'claimed', claimed: true } }],
    invalid: [{ at: ['data', 'reward'], value: REMOVE }],
  },
  idleAlertSchema: {
    valid: [
      storageAlert,
      { kind: 'queue_empty', planet_id: 11, planet_index: 0, planet_name: 'Home' },
      { kind: 'research_idle' },
    ],
    invalid: [
      { at: ['resource_id'], value: 4 },
      { at: ['full_at'], value: 'soon' },
    ],
  },
  idleAlertsResponseSchema: {
    valid: [{ data: [storageAlert] }, { data: [] }],
    invalid: [{ at: ['data', 0, 'planet_index'], value: -1 }],
  },
  shortfallSchema: { valid: [forecast.shortfall], invalid: [{ at: ['fuel'], value: '150' }] },
  queueForecastSchema: {
    valid: [
      forecast,
      { ...forecast, item_id: null, starts_at: TIME, drop_reason: null, drops_at: null, shortfall: null },
    ],
    invalid: [
      { at: ['drop_reason'], value: 'LATE' },
      { at: ['starts_at'], value: 5 },
    ],
  },
  queueForecastsResponseSchema: {
    valid: [{ data: [forecast] }],
    invalid: [{ at: ['data', 0, 'module_id'], value: REMOVE }],
  },
  queueForecastResponseSchema: {
    valid: [{ data: forecast }],
    invalid: [{ at: ['data', 'type_id'], value: 6 }],
  },
  queueForecastBodySchema: {
    valid: [{ type_id: 2, module_id: 1 }],
    invalid: [
      { at: ['type_id'], value: 3 },
      { at: ['module_id'], value: 0 },
      { at: ['extra'], value: 1, issue: [] },
    ],
  },
  // common
  pageMetaSchema: { valid: [pageMeta], invalid: [{ at: ['limit'], value: 101 }] },
  paginationQuerySchema: {
    valid: [],
    parsed: [
      [
        { offset: '5', limit: '10' },
        { offset: 5, limit: 10 },
      ],
      [{}, { offset: 0, limit: 25 }],
    ],
    invalid: [
      { at: ['limit'], value: '0' },
      // Strict decimals, as the ids: number coercion would read each of these as some number.
      ...['1e1', '0x10', ' 5', '5 ', '+5', '-1', '5.0', '05', '', '101'].map((value) => ({
        at: ['limit'],
        value,
      })),
      ...['1e1', '0x10', '010', '-1', '1.5', '2147483648'].map((value) => ({ at: ['offset'], value })),
    ],
  },
  timestampSchema: {
    valid: [TIME, '2026-11-24T03:00:00Z'],
    invalid: [
      { at: [], value: '2026-11-24 03:00' },
      { at: [], value: '2026-11-24T03:00:00+01:00' },
    ],
  },
  idStringSchema: {
    valid: [],
    parsed: [
      ['16', 16],
      ['2147483647', 2147483647],
    ],
    invalid: [
      '0x10',
      '1e1',
      ' 16',
      '16 ',
      '+16',
      '-16',
      '16.0',
      '016',
      '0',
      '',
      '2147483648',
      '99999999999',
    ].map((value) => ({ at: [], value })),
  },
  idParamSchema: {
    valid: [],
    parsed: [[{ id: '42' }, { id: 42 }]],
    invalid: [
      { at: ['id'], value: '2147483648' },
      { at: ['id'], value: '0' },
    ],
  },
  errorBodySchema: {
    valid: [
      {
        message: 'Données invalides',
        code: 1002,
        i18n_comment: 'VALIDATION_ERROR',
        fields: { email: 'REQUIRED' },
      },
      { message: 'Ressource introuvable', code: 1007, i18n_comment: 'NOT_FOUND' },
    ],
    invalid: [
      { at: ['i18n_comment'], value: 'NOT_A_KEY' },
      { at: ['fields', 'email'], value: 3 },
    ],
  },
  okSchema: { valid: [{ data: { ok: true } }], invalid: [{ at: ['data', 'ok'], value: false }] },
  // lists
  raceSchema: { valid: [race], invalid: [{ at: ['id'], value: 1.5 }] },
  racesResponseSchema: {
    valid: [{ data: [race, named(2, 'insectoid')] }],
    invalid: [{ at: ['data', 1, 'name'], value: REMOVE }],
  },
  // me
  meSchema: {
    valid: [me, { ...me, operator: true }, { ...me, game_speed: 2.5 }],
    invalid: [
      { at: ['email_not_read_count'], value: -1 },
      { at: ['operator'], value: false },
      { at: ['game_speed'], value: 0 },
      { at: ['game_speed'], value: REMOVE },
    ],
  },
  meResponseSchema: { valid: [{ data: me }], invalid: [{ at: ['data', 'race', 'id'], value: '1' }] },
  // auth
  registerBodySchema: {
    valid: [{ email: 'ada@example.org', username: 'ada_1', password: 'Starship1', race_id: 2 }],
    parsed: [
      [
        { email: '  ada@example.org ', username: 'ada-1', password: 'Starship1', race_id: 1 },
        { email: 'ada@example.org', username: 'ada-1', password: 'Starship1', race_id: 1 },
      ],
    ],
    invalid: [
      { at: ['email'], value: 'ada.example.org', message: 'INVALID_EMAIL' },
      { at: ['username'], value: 'ad', message: 'INVALID_USERNAME' },
      { at: ['password'], value: 'starship1', message: 'PASSWORD_UPPERCASE' },
      { at: ['password'], value: 'Short1', message: 'PASSWORD_TOO_SHORT' },
      { at: ['race_id'], value: 3, message: 'INVALID_RACE' },
      { at: ['email'], value: REMOVE, message: 'REQUIRED' },
    ],
  },
  loginBodySchema: {
    valid: [{ email: 'ada@example.org', password: 'x', remember_me: true }],
    parsed: [
      [
        { email: ' ada@example.org', password: 'x' },
        { email: 'ada@example.org', password: 'x', remember_me: false },
      ],
    ],
    invalid: [
      { at: ['email'], value: '', message: 'REQUIRED' },
      { at: ['password'], value: 'x'.repeat(129), message: 'PASSWORD_TOO_LONG' },
    ],
  },
  changePasswordBodySchema: {
    valid: [{ current_password: 'old', new_password: 'Starship1' }],
    invalid: [
      { at: ['current_password'], value: '', message: 'REQUIRED' },
      { at: ['new_password'], value: 'starship1', message: 'PASSWORD_UPPERCASE' },
      { at: ['new_password'], value: 'Short1', message: 'PASSWORD_TOO_SHORT' },
    ],
  },
  passwordResetBodySchema: {
    valid: [{ email: 'ada@example.org' }],
    parsed: [[{ email: ' ada@example.org ' }, { email: 'ada@example.org' }]],
    invalid: [{ at: ['email'], value: 'ada', message: 'INVALID_EMAIL' }],
  },
  passwordResetConfirmBodySchema: {
    valid: [{ token: 'A'.repeat(43), new_password: 'Starship1' }],
    invalid: [
      { at: ['token'], value: 'A'.repeat(42), message: 'INVALID_TOKEN' },
      { at: ['token'], value: `${'A'.repeat(42)}=`, message: 'INVALID_TOKEN' },
      { at: ['new_password'], value: 'x'.repeat(129), message: 'PASSWORD_TOO_LONG' },
    ],
  },
  emailChangeBodySchema: {
    valid: [{ new_email: 'ada@example.org', password: 'x' }],
    invalid: [
      { at: ['new_email'], value: 'ada@', message: 'INVALID_EMAIL' },
      { at: ['password'], value: REMOVE, message: 'REQUIRED' },
    ],
  },
  emailChangeConfirmBodySchema: {
    valid: [{ token: 'b-_'.repeat(14) + 'c' }],
    invalid: [{ at: ['token'], value: 'b'.repeat(44), message: 'INVALID_TOKEN' }],
  },
  deleteAccountBodySchema: {
    valid: [{ password: 'Starship1' }],
    invalid: [{ at: ['password'], value: '', message: 'REQUIRED' }],
  },
  sessionSchema: {
    valid: [
      {
        id: 3,
        device: 'Firefox, Windows',
        address: '203.0.113.9',
        created_at: TIME,
        last_used_at: TIME,
        current: true,
      },
      { id: 4, device: null, address: null, created_at: TIME, last_used_at: TIME, current: false },
    ],
    invalid: [{ at: ['id'], value: 0 }],
  },
  sessionsResponseSchema: {
    valid: [
      {
        data: [{ id: 3, device: null, address: '::1', created_at: TIME, last_used_at: TIME, current: true }],
      },
    ],
    invalid: [{ at: ['data', 0, 'current'], value: 'yes' }],
  },
  sessionsEndedResponseSchema: {
    valid: [{ data: { ok: true, ended: 2 } }],
    invalid: [{ at: ['data', 'ended'], value: -1 }],
  },
  // health
  healthResponseSchema: {
    valid: [{ data: { status: 'ok', version: '1.6.2' } }],
    invalid: [{ at: ['data', 'status'], value: 'down' }],
  },
  // economy: requests
  SetFocusPlanetBodySchema: {
    valid: [{ planet_index: 0 }],
    invalid: [
      { at: ['planet_index'], value: -1 },
      { at: ['extra'], value: 1, issue: [] },
    ],
  },
  RenamePlanetBodySchema: {
    valid: [{ name: 'Homeworld' }],
    parsed: [[{ name: '  Nova  ' }, { name: 'Nova' }]],
    invalid: [
      { at: ['name'], value: 'Ho\u0007me', message: 'INVALID_CHARACTERS' },
      { at: ['name'], value: 'Xy' },
      { at: ['name'], value: 'x'.repeat(21) },
    ],
  },
  UnitOrderBodySchema: {
    valid: [{ value: 5 }],
    invalid: [
      { at: ['value'], value: '5' },
      { at: ['value'], value: 100_001 },
    ],
  },
  ModuleIdParamsSchema: {
    valid: [],
    parsed: [[{ id: '12' }, { id: 12 }]],
    invalid: [
      { at: ['id'], value: '012' },
      { at: ['id'], value: '1e3' },
    ],
  },
  CancelConstructionQuerySchema: {
    valid: [{}],
    parsed: [[{ id: '3' }, { id: 3 }]],
    invalid: [{ at: ['id'], value: '0' }],
  },
  // economy: shapes
  ConstructionSchema: {
    valid: [construction, unitConstruction],
    invalid: [
      { at: ['state'], value: 3 },
      { at: ['started_at'], value: 12 },
    ],
  },
  CostSchema: { valid: [cost], invalid: [{ at: ['resource', 'name'], value: REMOVE }] },
  FactoryItemSchema: { valid: [factoryItem], invalid: [{ at: ['production_per_hour'], value: '3000' }] },
  BuildingItemSchema: { valid: [buildingItem], invalid: [{ at: ['building', 'race'], value: 1 }] },
  ShipItemSchema: { valid: [shipItem], invalid: [{ at: ['ship', 'can_spy'], value: 'no' }] },
  DefenseItemSchema: { valid: [defenseItem], invalid: [{ at: ['value'], value: 0.5 }] },
  ResearchItemSchema: {
    valid: [researchItem],
    invalid: [{ at: ['next_level_costs', 0, 'amount'], value: null }],
  },
  BuildingRequirementSchema: {
    valid: [buildingRequirement],
    invalid: [{ at: ['current_level'], value: REMOVE }],
  },
  ResearchRequirementSchema: {
    valid: [researchRequirement],
    invalid: [{ at: ['required_research_id'], value: '5' }],
  },
  RequirementsSchema: {
    valid: [requirements, { building_requirements: [], research_requirements: [] }],
    invalid: [{ at: ['research_requirements', 0, 'level'], value: 1.5 }],
  },
  DamageSchema: {
    valid: [{ id: 1, resistance: { id: 2 }, value: 12 }],
    invalid: [{ at: ['resistance', 'id'], value: REMOVE }],
  },
  LayerSchema: {
    valid: [{ id: 1, value: 400, resistances: [{ id: 1, resistance: { id: 1 }, value: 20 }] }],
    invalid: [{ at: ['resistances', 0, 'value'], value: '20' }],
  },
  FactoryListSchema: {
    valid: [list(factoryItem)],
    invalid: [{ at: ['modules', 0, 'level'], value: REMOVE }],
  },
  BuildingListSchema: {
    valid: [list(buildingItem)],
    invalid: [{ at: ['max_construction_lists'], value: 2.5 }],
  },
  ShipListSchema: {
    valid: [{ ...list(shipItem), construction_lists: [unitConstruction] }],
    invalid: [{ at: ['construction_lists', 0, 'delivered'], value: 'two' }],
  },
  DefenseListSchema: {
    valid: [list(defenseItem)],
    invalid: [{ at: ['modules', 0, 'defense', 'id'], value: null }],
  },
  ResearchListSchema: {
    valid: [list(researchItem)],
    invalid: [{ at: ['construction_lists'], value: REMOVE }],
  },
  FactoryDetailSchema: {
    valid: [{ ...factoryItem, ...requirements }],
    invalid: [{ at: ['building_requirements'], value: REMOVE }],
  },
  BuildingDetailSchema: {
    valid: [{ ...buildingItem, ...requirements }],
    invalid: [{ at: ['building_requirements', 0, 'module_id'], value: '2' }],
  },
  ShipDetailSchema: {
    valid: [{ ...shipItem, ...requirements }],
    invalid: [{ at: ['research_requirements', 0, 'research'], value: 6 }],
  },
  DefenseDetailSchema: {
    valid: [{ ...defenseItem, ...requirements }],
    invalid: [{ at: ['research_requirements'], value: {} }],
  },
  ResearchDetailSchema: {
    valid: [{ ...researchItem, ...requirements }],
    invalid: [{ at: ['research', 'name'], value: REMOVE }],
  },
  PlanetResourceSchema: { valid: [planetResource], invalid: [{ at: ['value'], value: 500.5 }] },
  PlanetSchema: {
    valid: [planet, { ...planet, last_visit: null, construction_lists: [] }],
    invalid: [
      { at: ['system', 'position', 'y'], value: REMOVE },
      { at: ['resources', 0, 'max'], value: '10000' },
    ],
  },
  PlanetListSchema: {
    valid: [{ planets: [planet] }],
    invalid: [{ at: ['planets', 0, 'planet_position', 'index'], value: 'a' }],
  },
  ModuleItemSchema: {
    valid: [factoryItem, buildingItem, shipItem, defenseItem, researchItem],
    invalid: [{ at: ['level'], value: REMOVE, issue: [] }],
  },
  ModuleDetailSchema: {
    valid: [
      { ...shipItem, ...requirements },
      { ...researchItem, ...requirements },
    ],
    invalid: [{ at: ['building_requirements'], value: REMOVE, issue: [] }],
  },
  ModuleListSchema: {
    valid: [{ ...list(factoryItem), modules: [factoryItem, shipItem] }],
    invalid: [{ at: ['modules', 1, 'value'], value: REMOVE, issue: ['modules', 1] }],
  },
  CancelResultSchema: {
    valid: [{ ...list(researchItem), refund: [cost] }],
    invalid: [{ at: ['refund', 0, 'resource'], value: 'metal' }],
  },
  // emails
  emailSchema: {
    valid: [email, { ...email, title: 'commandant_unlocked', read: true }],
    invalid: [{ at: ['created_at'], value: 'yesterday' }],
  },
  emailsQuerySchema: {
    valid: [],
    parsed: [
      [{ unread: 'true' }, { offset: 0, limit: 25, unread: true }],
      [
        { offset: '25', limit: '5' },
        { offset: 25, limit: 5, unread: false },
      ],
    ],
    invalid: [
      { at: ['unread'], value: 'yes' },
      { at: ['unread'], value: '1' },
      { at: ['limit'], value: '1e1' },
    ],
  },
  emailsPageMetaSchema: { valid: [{ ...pageMeta, unread: 1 }], invalid: [{ at: ['unread'], value: REMOVE }] },
  emailsPageSchema: {
    valid: [{ data: [email], meta: { ...pageMeta, unread: 1 } }],
    invalid: [{ at: ['data', 0, 'read'], value: 'false' }],
  },
  emailResponseSchema: { valid: [{ data: email }], invalid: [{ at: ['data', 'params'], value: {} }] },
  // accounts
  accountsQuerySchema: {
    valid: [],
    parsed: [
      [{}, { offset: 0, limit: 25, order_by: 'total_points' }],
      [
        { order_by: 'science_points', offset: '50' },
        { offset: 50, limit: 25, order_by: 'science_points' },
      ],
    ],
    invalid: [
      { at: ['order_by'], value: 'rank' },
      { at: ['offset'], value: '5e1' },
    ],
  },
  accountRankingRowSchema: { valid: [rankingRow], invalid: [{ at: ['rank'], value: 0 }] },
  accountsPageSchema: {
    valid: [{ data: [rankingRow], meta: pageMeta }],
    invalid: [{ at: ['meta', 'total'], value: -1 }],
  },
  publicPlanetSchema: { valid: [publicPlanet], invalid: [{ at: ['index'], value: -1 }] },
  publicProfileSchema: { valid: [profile], invalid: [{ at: ['planets', 0, 'system', 'name'], value: 4 }] },
  publicProfileResponseSchema: {
    valid: [{ data: profile }],
    invalid: [{ at: ['data', 'is_me'], value: REMOVE }],
  },
  // search (header search, issue 26)
  playerSearchQuerySchema: {
    valid: [{ q: 'ada' }],
    parsed: [[{ q: '  Ada ' }, { q: 'Ada' }]],
    invalid: [
      { at: ['q'], value: '' },
      { at: ['q'], value: 'x'.repeat(21) },
      { at: ['q'], value: REMOVE },
    ],
  },
  playerSearchHitSchema: {
    valid: [{ id: 3, username: 'ada', race: { id: 1 } }],
    invalid: [{ at: ['race', 'id'], value: '1' }],
  },
  playerSearchResponseSchema: {
    valid: [{ data: [{ id: 3, username: 'ada', race: { id: 2 } }] }, { data: [] }],
    invalid: [{ at: ['data', 0, 'username'], value: REMOVE }],
  },
  // commandants
  commandantSchema: { valid: [commandant], invalid: [{ at: ['nmi_yearly'], value: '1200' }] },
  commandantAvailabilitySchema: {
    valid: [availability, { commandant, available: false, available_until: null }],
    invalid: [{ at: ['available_until'], value: '2026-11-24' }],
  },
  commandantsResponseSchema: {
    valid: [{ data: [availability] }],
    invalid: [{ at: ['data', 0, 'commandant', 'name'], value: REMOVE }],
  },
  unlockCommandantBodySchema: {
    valid: [{ time: 1 }, { time: 4 }],
    invalid: [
      { at: ['time'], value: 5 },
      { at: ['days'], value: 1, issue: [] },
    ],
  },
  unlockCommandantResultSchema: {
    valid: [{ ...availability, nmi: 90 }],
    invalid: [{ at: ['nmi'], value: REMOVE }],
  },
  unlockCommandantResponseSchema: {
    valid: [{ data: { ...availability, nmi: 90 } }],
    invalid: [{ at: ['data', 'available'], value: 'yes' }],
  },
  // live events
  liveEventSchema: {
    valid: [
      { kind: 'construction_finished', planet_id: 11, type_id: 1, module_id: 1, level: 3 },
      { kind: 'research_finished', planet_id: 11, module_id: 1, level: 2 },
      {
        kind: 'construction_dropped',
        planet_id: 11,
        type_id: 2,
        module_id: 3,
        level: 1,
        reason: 'INSUFFICIENT_RESOURCES',
      },
      { kind: 'units_delivered', planet_id: 11, type_id: 3, module_id: 1, count: 5 },
      { kind: 'commandant_expired', commandant_id: 1 },
      { kind: 'email_received', count: 2 },
      {
        kind: 'hostile_fleet_departed',
        fleet_id: 4,
        mission: 3,
        system_id: 12,
        orbit: 2,
        arrives_at: '2026-11-24T06:00:00.000Z',
      },
      { kind: 'fleet_arrived', fleet_id: 4, owner_id: 7, notice: 'transport_delivered' },
      { kind: 'fleet_returned', fleet_id: 4, planet_id: 11 },
      { kind: 'fleet_combat', fleet_id: 4, owner_id: 7, defending: true, pirates: false, winner: 'attacker' },
      { kind: 'fleet_spied_on', fleet_id: 4, planet_id: 11, detected: false },
      { kind: 'colony_founded', fleet_id: 4, planet_id: 31 },
    ],
    invalid: [
      { at: ['level'], value: REMOVE },
      { at: ['kind'], value: 'fleet_landed' },
    ],
  },
  // systems
  securitySchema: {
    valid: [security, named(3, 'null')],
    invalid: [
      { at: ['id'], value: 4 },
      { at: ['name'], value: 'medium' },
    ],
  },
  positionSchema: { valid: [{ x: 0, y: -1.5 }], invalid: [{ at: ['x'], value: '0' }] },
  systemListItemSchema: { valid: [systemListItem], invalid: [{ at: ['connections', 1], value: 6.5 }] },
  systemsResponseSchema: {
    valid: [{ data: [systemListItem] }],
    invalid: [{ at: ['data', 0, 'has_own_planet'], value: 1 }],
  },
  systemsMapSchema: {
    valid: [systemsMap, { ids: [], names: [], x: [], y: [], security: [], race: [], gates: [], own: [] }],
    invalid: [
      { at: ['security', 1], value: 4 },
      { at: ['gates', 0], value: 4.5 },
      { at: ['own'], value: REMOVE },
    ],
  },
  systemsMapResponseSchema: {
    valid: [{ data: systemsMap }],
    invalid: [{ at: ['data', 'names', 0], value: 4 }],
  },
  debrisSchema: {
    valid: [{ resource: named(2, 'crystal'), amount: 0.5 }],
    invalid: [{ at: ['amount'], value: REMOVE }],
  },
  systemPlanetSchema: {
    valid: [systemPlanet, { index: 4, planet: null, debris: [] }],
    invalid: [{ at: ['planet', 'account', 'is_me'], value: REMOVE }],
  },
  systemSummarySchema: { valid: [summary], invalid: [{ at: ['security', 'name'], value: 'LOW' }] },
  systemDetailSchema: {
    valid: [systemDetail],
    invalid: [{ at: ['system_planets', 1, 'debris'], value: null }],
  },
  systemDetailResponseSchema: {
    valid: [{ data: systemDetail }],
    invalid: [{ at: ['data', 'connections', 0, 'id'], value: '5' }],
  },
  systemIdParamsSchema: {
    valid: [],
    parsed: [[{ id: '7' }, { id: 7 }]],
    invalid: [{ at: ['id'], value: 'seven' }],
  },
  routeParamsSchema: {
    valid: [],
    parsed: [
      [
        { from: '1', to: '2' },
        { from: 1, to: 2 },
      ],
    ],
    invalid: [{ at: ['to'], value: '2147483648' }],
  },
  routeQuerySchema: {
    valid: [{ prefer: 'safer' }],
    parsed: [[{}, { prefer: 'shortest' }]],
    invalid: [{ at: ['prefer'], value: 'fastest' }],
  },
  routeResponseSchema: { valid: [{ data: [summary] }], invalid: [{ at: ['data', 0], value: null }] },
  // fleets
  fleetShipSchema: {
    valid: [{ id: 4, count: 2 }],
    invalid: [
      { at: ['count'], value: 0 },
      { at: ['count'], value: 1.5 },
      { at: ['count'], value: 2_147_483_648 },
      { at: ['id'], value: -1 },
    ],
  },
  fleetCargoSchema: {
    valid: [{ metal: 0, crystal: 10, fuel: 5 }],
    invalid: [
      { at: ['metal'], value: -1 },
      { at: ['fuel'], value: 0.5 },
      { at: ['crystal'], value: 1e300 },
    ],
  },
  fleetTargetSchema: {
    valid: [{ system_id: 3, orbit: 2 }],
    invalid: [
      { at: ['orbit'], value: 0 },
      { at: ['system_id'], value: '3' },
    ],
  },
  fleetOrderBodySchema: {
    valid: [
      fleetOrder,
      { ...fleetOrder, mission: 1, cargo: { metal: 1, crystal: 2, fuel: 3 }, prefer: 'less_secure' },
    ],
    invalid: [
      { at: ['mission'], value: 7 },
      { at: ['mission'], value: 0 },
      { at: ['speed'], value: 15 },
      { at: ['speed'], value: 110 },
      { at: ['prefer'], value: 'fastest' },
      { at: ['ships'], value: [] },
      {
        at: ['ships'],
        value: [
          { id: 4, count: 1 },
          { id: 4, count: 2 },
        ],
      },
      { at: ['ships', 0, 'count'], value: -3 },
      { at: ['target', 'orbit'], value: 1.5 },
      { at: ['extra'], value: 1, issue: [] },
    ],
  },
  fleetPreviewSchema: { valid: [fleetPreview], invalid: [{ at: ['arrives_at'], value: 'tomorrow' }] },
  fleetPreviewResponseSchema: {
    valid: [{ data: fleetPreview }],
    invalid: [{ at: ['data', 'fuel'], value: 1.5 }],
  },
  fleetSchema: {
    valid: [fleet, { ...fleet, state: 'returning', returns_at: '2026-01-01T02:00:00.000Z' }],
    invalid: [
      { at: ['state'], value: 'arrived' },
      { at: ['returns_at'], value: 3 },
    ],
  },
  fleetResponseSchema: { valid: [{ data: fleet }], invalid: [{ at: ['data', 'mission'], value: 9 }] },
  hostileFleetSchema: {
    valid: [hostileFleet, { ...hostileFleet, ships: [{ id: 4, count: 3 }] }],
    invalid: [{ at: ['arrives_at'], value: null }],
  },
  fleetListSchema: {
    valid: [{ own: [fleet], hostile: [hostileFleet] }],
    invalid: [{ at: ['hostile'], value: null }],
  },
  fleetListResponseSchema: {
    valid: [{ data: { own: [], hostile: [] } }],
    invalid: [{ at: ['data', 'own'], value: {} }],
  },
  fleetIdParamsSchema: {
    valid: [],
    parsed: [[{ id: '12' }, { id: 12 }]],
    invalid: [
      { at: ['id'], value: '0x10' },
      { at: ['id'], value: '-1' },
    ],
  },
  reportSchema: { valid: [report], invalid: [{ at: ['kind'], value: 'trade' }] },
  // operators (issue 23)
  adminAccountsQuerySchema: {
    valid: [],
    parsed: [
      [{}, { q: '', offset: 0, limit: 25 }],
      [
        { q: '  Ada ', suspended: 'true', offset: '5', limit: '10' },
        { q: 'Ada', suspended: true, offset: 5, limit: 10 },
      ],
    ],
    invalid: [
      { at: ['suspended'], value: 'yes' },
      { at: ['limit'], value: '0' },
      { at: ['q'], value: 'x'.repeat(101) },
      { at: ['limit'], value: '1e1' },
      { at: ['offset'], value: '0x10' },
    ],
  },
  adminAccountsResponseSchema: {
    valid: [{ data: [adminRow], meta: pageMeta }],
    invalid: [{ at: ['data', 0, 'operator'], value: 1 }],
  },
  adminAccountDetailResponseSchema: {
    valid: [{ data: adminDetail }],
    invalid: [
      { at: ['data', 'sessions', 0, 'status'], value: 'open' },
      { at: ['data', 'fleets', 0, 'state'], value: 'lost' },
    ],
  },
  adminAccountParamsSchema: {
    valid: [],
    parsed: [[{ id: '3' }, { id: 3 }]],
    invalid: [{ at: ['id'], value: '0x10' }],
  },
  adminFleetParamsSchema: {
    valid: [],
    parsed: [
      [
        { id: '3', fleetId: '9' },
        { id: 3, fleetId: 9 },
      ],
    ],
    invalid: [{ at: ['fleetId'], value: '1e3' }],
  },
  adminReasonBodySchema: {
    valid: [{ reason: 'spam' }],
    parsed: [[{ reason: '  spam ' }, { reason: 'spam' }]],
    invalid: [
      { at: ['reason'], value: '   ' },
      { at: ['reason'], value: 'x'.repeat(501) },
    ],
  },
  adminNmiBodySchema: {
    valid: [
      { amount: 250, reason: 'apology' },
      { amount: -50, reason: 'double grant' },
    ],
    invalid: [
      { at: ['amount'], value: 0 },
      { at: ['amount'], value: 1.5 },
      { at: ['amount'], value: 1_000_001 },
    ],
  },
  adminActionResponseSchema: {
    valid: [{ data: auditEntry }],
    invalid: [{ at: ['data', 'action'], value: 'rewrite' }],
  },
  adminAuditQuerySchema: {
    valid: [],
    parsed: [
      [{}, { offset: 0, limit: 25 }],
      [{ account_id: '3' }, { account_id: 3, offset: 0, limit: 25 }],
    ],
    invalid: [
      { at: ['account_id'], value: '0' },
      { at: ['limit'], value: '1e1' },
      { at: ['offset'], value: '+5' },
    ],
  },
  adminAuditResponseSchema: {
    valid: [{ data: [auditEntry], meta: pageMeta }],
    invalid: [{ at: ['data', 0, 'before'], value: [] }],
  },
  readyResponseSchema: {
    valid: [{ data: { status: 'ready', database: 'ok', scheduler: 'off' } }],
    invalid: [{ at: ['data', 'scheduler'], value: 'stale' }],
  },
  reportResponseSchema: { valid: [{ data: report }], invalid: [{ at: ['data', 'id'], value: '1' }] },
};

/** The exported schemas, by export name. */
const SCHEMAS = new Map<string, z.ZodType>();
for (const [name, value] of Object.entries(contract) as [string, unknown][])
  if (value instanceof z.ZodType) SCHEMAS.set(name, value);

const jsonRoundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A deep copy of `sample` with the value at `path` replaced, or removed. */
function mutate(sample: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  // Through JSON rather than structuredClone: samples share sub-objects, which must not stay shared.
  const copy = jsonRoundTrip(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}

describe('the contract schemas', () => {
  it('have samples for every exported schema, and no samples for a schema that is gone', () => {
    expect(
      [...SCHEMAS.keys()].filter((name) => !(name in CASES)),
      'exported schemas without samples',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((name) => !SCHEMAS.has(name)),
      'samples of no exported schema',
    ).toEqual([]);
  });

  for (const [name, entry] of Object.entries(CASES)) {
    describe(name, () => {
      const schema = () => {
        const found = SCHEMAS.get(name);
        if (found === undefined) throw new Error(`${name} is not an exported schema`);
        return found;
      };

      it('has at least one valid sample and one invalid one', () => {
        expect(entry.valid.length + (entry.parsed?.length ?? 0)).toBeGreaterThan(0);
        expect(entry.invalid.length).toBeGreaterThan(0);
      });

      it.each(entry.valid.map((sample, i) => [i, sample] as const))(
        'parses valid sample %i and re-serialises it to the same JSON',
        (_, sample) => {
          const parsed = schema().parse(sample);
          expect(jsonRoundTrip(parsed)).toStrictEqual(sample);
          expect(schema().parse(jsonRoundTrip(parsed))).toStrictEqual(parsed);
        },
      );

      it.each((entry.parsed ?? []).map(([input, output], i) => [i, input, output] as const))(
        'parses input %i to what the server works with',
        (_, input, output) => {
          expect(jsonRoundTrip(schema().parse(input))).toStrictEqual(output);
        },
      );

      it.each(entry.invalid.map((mutation) => [JSON.stringify(mutation.at), mutation] as const))(
        'refuses the sample broken at %s, with the issue on that field',
        (_, mutation) => {
          const base = entry.valid[0] ?? entry.parsed?.[0]?.[0];
          const result = schema().safeParse(mutate(base, mutation.at, mutation.value));
          expect(result.success).toBe(false);
          const issues = result.error?.issues ?? [];
          const expectedPath = mutation.issue ?? mutation.at;
          expect(issues.map((issue) => issue.path)).toStrictEqual(issues.map(() => expectedPath));
          expect(issues.length).toBeGreaterThan(0);
          if (mutation.message !== undefined)
            expect(issues.map((issue) => issue.message)).toContain(mutation.message);
        },
      );
    });
  }
});
