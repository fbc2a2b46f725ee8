import { cloneAccount } from './clone.js';
import { COMMANDANTS, findModule } from './catalogue/index.js';
import { addResources, subtractResources, ZERO_RESOURCES } from './formulas/index.js';
import {
  findPlanet,
  isLevelType,
  isUnitType,
  levelQueue,
  planLevel,
  planUnits,
  refuse,
  unitQueue,
} from './requirements.js';
import { removeLevelItem, settle, startNextLevel, startNextOrder } from './settle.js';
import type {
  AccountState,
  CommandantDuration,
  GameEvent,
  LevelItem,
  LevelTypeId,
  PlanetState,
  Refusal,
  Resources,
  Result,
  RulesConfig,
  UnitOrder,
  UnitTypeId,
} from './types.js';

export interface ActionOutcome {
  state: AccountState;
  /** What settling to `now` produced, then what the action itself did. */
  events: GameEvent[];
  item?: LevelItem | UnitOrder;
  refund?: Resources;
}

interface Begun {
  account: AccountState;
  events: GameEvent[];
  /** The instant the action applies at: `now`, or the settled instant if `now` is behind it. */
  at: number;
}

/**
 * Settles to `now` and gives a private copy to change. A clock behind the state does not rewind it:
 * the action applies at `settledAt` (docs/decisions/005-actions.md).
 */
function begin(state: AccountState, now: number, config: RulesConfig): Begun {
  const at = Number.isFinite(now) ? Math.max(now, state.settledAt) : state.settledAt;
  const settled = settle(state, at, config);
  const account = settled.state === state ? cloneAccount(state) : settled.state;
  return { account, events: settled.events, at };
}

/** `begin` for an action on one planet of the account. */
function beginOnPlanet(
  state: AccountState,
  planetId: number,
  now: number,
  config: RulesConfig,
): (Begun & { planet: PlanetState }) | Refusal {
  if (findPlanet(state, planetId) === undefined)
    return refuse('UNKNOWN_PLANET', `unknown planet ${String(planetId)}`);
  const begun = begin(state, now, config);
  const planet = findPlanet(begun.account, planetId);
  if (planet === undefined) return refuse('UNKNOWN_PLANET', `unknown planet ${String(planetId)}`);
  return { ...begun, planet };
}

function ok(value: ActionOutcome): Result<ActionOutcome> {
  return { ok: true, value };
}

/** Queues one level of a factory, building or research; it starts (and is paid) at once on an empty queue. */
export function queueLevel(
  state: AccountState,
  planetId: number,
  typeId: LevelTypeId,
  moduleId: number,
  now: number,
  config: RulesConfig,
): Result<ActionOutcome> {
  if (!isLevelType(typeId)) return refuse('UNKNOWN_MODULE', `unknown level type ${String(typeId)}`);
  const begun = beginOnPlanet(state, planetId, now, config);
  if (!('account' in begun)) return begun;
  const { account, planet, events, at } = begun;
  const plan = planLevel(account, planet, typeId, moduleId, at);
  if (!plan.ok) return plan;
  const item: LevelItem = {
    id: account.nextItemId,
    typeId,
    moduleId,
    planetId,
    targetLevel: plan.targetLevel,
    state: 1,
    startedAt: null,
    finishAt: null,
    paid: null,
    queuedAt: at,
  };
  account.nextItemId += 1;
  const queue = levelQueue(account, planet, typeId);
  queue.push(item);
  if (plan.startsNow) startNextLevel(account, queue, at, config, events);
  return ok({ state: account, events, item });
}

/** Orders `quantity` ships or defenses, paid in full now; the order is active at once on an empty queue. */
export function orderUnits(
  state: AccountState,
  planetId: number,
  typeId: UnitTypeId,
  moduleId: number,
  quantity: number,
  now: number,
  config: RulesConfig,
): Result<ActionOutcome> {
  if (!isUnitType(typeId)) return refuse('UNKNOWN_MODULE', `unknown unit type ${String(typeId)}`);
  const begun = beginOnPlanet(state, planetId, now, config);
  if (!('account' in begun)) return begun;
  const { account, planet, events, at } = begun;
  const plan = planUnits(account, planet, typeId, moduleId, quantity, at);
  if (!plan.ok) return plan;
  planet.resources = subtractResources(planet.resources, plan.cost);
  const order: UnitOrder = {
    id: account.nextItemId,
    typeId,
    moduleId,
    planetId,
    quantity,
    delivered: 0,
    state: 1,
    startedAt: null,
    unitDurationMs: null,
    finishAt: null,
    paid: plan.cost,
    queuedAt: at,
  };
  account.nextItemId += 1;
  const queue = unitQueue(planet, typeId);
  queue.push(order);
  startNextOrder(account, planet, queue, at, config, events);
  return ok({ state: account, events, item: order });
}

/**
 * Cancels the last item of a level queue, or the item `itemId`. An item in progress is refunded in
 * full to the planet that paid it (even above the hangar capacity) and the next one starts at once.
 * Research has one queue per account: cancelling from any planet of the account reaches it.
 */
export function cancelLevel(
  state: AccountState,
  planetId: number,
  typeId: LevelTypeId,
  itemId: number | undefined,
  now: number,
  config: RulesConfig,
): Result<ActionOutcome> {
  if (isUnitType(typeId)) return refuse('NOT_CANCELLABLE', 'ship and defense orders cannot be cancelled');
  if (!isLevelType(typeId)) return refuse('UNKNOWN_MODULE', `unknown level type ${String(typeId)}`);
  const begun = beginOnPlanet(state, planetId, now, config);
  if (!('account' in begun)) return begun;
  const { account, planet, events, at } = begun;
  const queue = levelQueue(account, planet, typeId);
  const index = itemId === undefined ? queue.length - 1 : queue.findIndex((item) => item.id === itemId);
  if (index < 0) return refuse('NOTHING_TO_CANCEL', 'nothing to cancel');
  const removed = removeLevelItem(queue, index);
  if (removed === undefined) return refuse('NOTHING_TO_CANCEL', 'nothing to cancel');
  let refund: Resources = { ...ZERO_RESOURCES };
  if (removed.state === 2 && removed.paid !== null) {
    refund = { ...removed.paid };
    const payer = findPlanet(account, removed.planetId);
    if (payer !== undefined) payer.resources = addResources(payer.resources, refund);
    startNextLevel(account, queue, at, config, events);
  }
  return ok({ state: account, events, item: removed, refund });
}

/** Lowers a factory or building by one level at once, without refund. */
export function demolish(
  state: AccountState,
  planetId: number,
  typeId: 1 | 2,
  moduleId: number,
  now: number,
  config: RulesConfig,
): Result<ActionOutcome> {
  if (typeId !== 1 && typeId !== 2)
    return refuse('UNKNOWN_MODULE', 'only factories and buildings can be demolished');
  if (findModule(typeId, moduleId) === undefined)
    return refuse('UNKNOWN_MODULE', `unknown module ${String(moduleId)}`);
  const begun = beginOnPlanet(state, planetId, now, config);
  if (!('account' in begun)) return begun;
  const { account, planet, events } = begun;
  const levels = typeId === 1 ? planet.factories : planet.buildings;
  const queue = levelQueue(account, planet, typeId);
  const level = levels[moduleId] ?? 0;
  if (level === 0) return refuse('LEVEL_ZERO', 'the module is at level 0');
  if (queue.some((item) => item.moduleId === moduleId))
    return refuse('PENDING_LEVELS', 'levels of this module are queued');
  levels[moduleId] = level - 1;
  return ok({ state: account, events });
}

const DAY_MS = 86_400_000;

/** Adds calendar months in UTC, keeping the day of month when it exists, else the month's last day. */
export function addUtcMonths(at: number, months: number): number {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

export function extendUntil(from: number, duration: CommandantDuration): number {
  switch (duration) {
    case 1:
      return from + DAY_MS;
    case 2:
      return from + 7 * DAY_MS;
    case 3:
      return addUtcMonths(from, 1);
    case 4:
      return addUtcMonths(from, 12);
  }
}

/** Pays the NMI price and extends the commandant from the later of now and its current expiry. */
export function unlockCommandant(
  state: AccountState,
  commandantId: number,
  duration: CommandantDuration,
  now: number,
  config: RulesConfig,
): Result<ActionOutcome> {
  const commandant = COMMANDANTS.find((def) => def.id === commandantId);
  if (commandant === undefined) return refuse('UNKNOWN_MODULE', `unknown commandant ${String(commandantId)}`);
  if (duration !== 1 && duration !== 2 && duration !== 3 && duration !== 4) {
    return refuse('INVALID_DURATION', 'duration must be 1 (day), 2 (week), 3 (month) or 4 (year)');
  }
  const { account, events, at } = begin(state, now, config);
  const price = commandant.nmi[duration];
  if (account.nmi < price) return refuse('INSUFFICIENT_NMI', 'not enough NMI');
  account.nmi -= price;
  account.commandants[commandant.id] = extendUntil(
    Math.max(at, account.commandants[commandant.id] ?? 0),
    duration,
  );
  return ok({ state: account, events });
}
