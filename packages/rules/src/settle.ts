import { cloneAccount } from './clone.js';
import { COMMANDANTS, findModule } from './catalogue/index.js';
import {
  capacityUsed,
  hangarCapacity,
  hasResources,
  levelCost,
  levelDurationSeconds,
  productionPerSecond,
  RESOURCE_KEYS,
  subtractResources,
  unitDurationSeconds,
} from './formulas/index.js';
import { currentLevel, findPlanet, requirementsHold } from './requirements.js';
import type { CombatEngine } from './fleets/combat.js';
import { nextEventfulFleetInstant, nextFleetInstant, processFleetsAt } from './fleets/events.js';
import { resolveCombat } from './combat/index.js';
import type {
  AccountState,
  GameEvent,
  LevelItem,
  PlanetState,
  ResourceId,
  RulesConfig,
  SettleResult,
  UnitOrder,
  UnitTypeId,
} from './types.js';

/*
 * Settling walks the instants at which something changes (a level finishes, a unit order finishes,
 * a commandant expires) and, between two of them, adds production at a constant rate. Unit
 * deliveries inside an order change nothing but owned counts, so they are computed in closed form.
 *
 * At one instant the order is fixed (docs/decisions/004-settle-event-order.md):
 *   1. commandant expiries (by commandant id), so a start at that instant sees the expired state;
 *   2. every completion: planets by position in the account, on each factories, buildings, ships,
 *      defenses; then the research queue;
 *   3. every start of a waiting head, in the same order, each paying from its planet as it goes.
 */

/** Starts the waiting head of a level queue at `at`, dropping the heads that cannot start. */
export function startNextLevel(
  account: AccountState,
  queue: LevelItem[],
  at: number,
  config: RulesConfig,
  events: GameEvent[],
): void {
  for (let head = queue[0]; head !== undefined && head.state === 1; head = queue[0]) {
    const planet = findPlanet(account, head.planetId);
    const reason = planet === undefined ? 'REQUIREMENTS_NOT_MET' : startBlocker(account, planet, head);
    if (planet !== undefined && reason === null) {
      const target = currentLevel(account, planet, head.typeId, head.moduleId) + 1;
      const cost = levelCost(head.typeId, head.moduleId, target);
      planet.resources = subtractResources(planet.resources, cost);
      head.targetLevel = target;
      head.state = 2;
      head.startedAt = at;
      head.finishAt =
        at + levelDurationSeconds(account, planet, head.typeId, head.moduleId, target, at, config) * 1000;
      head.paid = cost;
      events.push({
        kind: 'item_started',
        at,
        planetId: head.planetId,
        typeId: head.typeId,
        moduleId: head.moduleId,
        itemId: head.id,
      });
      return;
    }
    removeLevelItem(queue, 0);
    events.push({
      kind: 'item_dropped',
      at,
      planetId: head.planetId,
      typeId: head.typeId,
      moduleId: head.moduleId,
      itemId: head.id,
      targetLevel: head.targetLevel,
      reason: reason ?? 'REQUIREMENTS_NOT_MET',
    });
  }
}

function startBlocker(
  account: AccountState,
  planet: PlanetState,
  item: LevelItem,
): 'INSUFFICIENT_RESOURCES' | 'REQUIREMENTS_NOT_MET' | 'CAPACITY_FULL' | null {
  const def = findModule(item.typeId, item.moduleId);
  if (def === undefined || !requirementsHold(account, planet, def.requirements, false))
    return 'REQUIREMENTS_NOT_MET';
  if (item.typeId !== 5) {
    const inProgress = [planet.queues.factories[0], planet.queues.buildings[0]].filter(
      (head) => head?.state === 2,
    ).length;
    if (capacityUsed(planet) + inProgress + 1 > planet.maxCapacity) return 'CAPACITY_FULL';
  }
  const target = currentLevel(account, planet, item.typeId, item.moduleId) + 1;
  return hasResources(planet.resources, levelCost(item.typeId, item.moduleId, target))
    ? null
    : 'INSUFFICIENT_RESOURCES';
}

/** Removes one item and lowers the target of the later items of the same module, which now come one level sooner. */
export function removeLevelItem(queue: LevelItem[], index: number): LevelItem | undefined {
  const [removed] = queue.splice(index, 1);
  if (removed === undefined) return undefined;
  for (const item of queue.slice(index)) {
    if (item.moduleId === removed.moduleId) item.targetLevel -= 1;
  }
  return removed;
}

/** Makes the waiting head of a unit queue active at `at`: its unit duration is fixed from then on. */
export function startNextOrder(
  account: AccountState,
  planet: PlanetState,
  queue: UnitOrder[],
  at: number,
  config: RulesConfig,
  events: GameEvent[],
): void {
  const head = queue[0];
  if (head === undefined || head.state !== 1) return;
  const unitMs = unitDurationSeconds(account, planet, head.typeId, head.moduleId, at, config) * 1000;
  head.state = 2;
  head.startedAt = at;
  head.unitDurationMs = unitMs;
  head.finishAt = at + unitMs * head.quantity;
  events.push({
    kind: 'item_started',
    at,
    planetId: planet.id,
    typeId: head.typeId,
    moduleId: head.moduleId,
    itemId: head.id,
  });
}

function completeLevel(
  levels: Record<number, number>,
  queue: LevelItem[],
  planetId: number | null,
  at: number,
  events: GameEvent[],
): void {
  const head = queue[0];
  if (head === undefined || head.state !== 2 || head.finishAt === null || head.finishAt > at) return;
  queue.shift();
  levels[head.moduleId] = head.targetLevel;
  events.push({
    kind: 'level_finished',
    at,
    planetId: planetId ?? head.planetId,
    typeId: head.typeId,
    moduleId: head.moduleId,
    itemId: head.id,
    level: head.targetLevel,
  });
}

function completeOrder(planet: PlanetState, typeId: UnitTypeId, at: number, events: GameEvent[]): void {
  const queue = typeId === 3 ? planet.queues.ships : planet.queues.defenses;
  const head = queue[0];
  if (head === undefined || head.state !== 2 || head.finishAt === null || head.finishAt > at) return;
  queue.shift();
  const owned = typeId === 3 ? planet.ships : planet.defenses;
  const count = head.quantity - head.delivered;
  owned[head.moduleId] = (owned[head.moduleId] ?? 0) + count;
  events.push({
    kind: 'units_delivered',
    at,
    planetId: planet.id,
    typeId,
    moduleId: head.moduleId,
    itemId: head.id,
    count,
    orderFinished: true,
  });
}

function processInstant(account: AccountState, at: number, config: RulesConfig, events: GameEvent[]): void {
  for (const commandant of COMMANDANTS) {
    if (account.commandants[commandant.id] === at)
      events.push({ kind: 'commandant_expired', at, commandantId: commandant.id });
  }
  for (const planet of account.planets) {
    completeLevel(planet.factories, planet.queues.factories, planet.id, at, events);
    completeLevel(planet.buildings, planet.queues.buildings, planet.id, at, events);
    completeOrder(planet, 3, at, events);
    completeOrder(planet, 4, at, events);
  }
  completeLevel(account.research, account.researchQueue, null, at, events);
  for (const planet of account.planets) {
    startNextLevel(account, planet.queues.factories, at, config, events);
    startNextLevel(account, planet.queues.buildings, at, config, events);
    startNextOrder(account, planet, planet.queues.ships, at, config, events);
    startNextOrder(account, planet, planet.queues.defenses, at, config, events);
  }
  startNextLevel(account, account.researchQueue, at, config, events);
}

/** Adds production from `from` to `to`, at the rates in force at `from`, stopping at the hangar capacity. */
function accrue(account: AccountState, from: number, to: number, config: RulesConfig): void {
  const seconds = (to - from) / 1000;
  if (seconds <= 0) return;
  for (const planet of account.planets) {
    const capacity = hangarCapacity(account, planet);
    RESOURCE_KEYS.forEach((key, index) => {
      const value = planet.resources[key];
      if (value >= capacity) return;
      const rate = productionPerSecond(account, planet, (index + 1) as ResourceId, from, config);
      planet.resources[key] = Math.min(capacity, value + rate * seconds);
    });
  }
}

type OrderUnderWay = UnitOrder & { startedAt: number; unitDurationMs: number };

const underWay = (order: UnitOrder | undefined): order is OrderUnderWay =>
  order !== undefined && order.state === 2 && order.startedAt !== null && order.unitDurationMs !== null;

/** How many units of an order under way are finished by `at`. */
const unitsDoneBy = (order: OrderUnderWay, at: number): number =>
  Math.min(order.quantity, Math.floor((at - order.startedAt) / order.unitDurationMs));

/** Units of the active orders finished by `at` (orders finishing later than `at`). */
function deliverPartial(account: AccountState, at: number, events: GameEvent[]): void {
  for (const planet of account.planets) {
    for (const typeId of [3, 4] as const) {
      const head = (typeId === 3 ? planet.queues.ships : planet.queues.defenses)[0];
      if (!underWay(head)) continue;
      const done = unitsDoneBy(head, at);
      if (done <= head.delivered) continue;
      const owned = typeId === 3 ? planet.ships : planet.defenses;
      owned[head.moduleId] = (owned[head.moduleId] ?? 0) + done - head.delivered;
      events.push({
        kind: 'units_delivered',
        at: head.startedAt + done * head.unitDurationMs,
        planetId: planet.id,
        typeId,
        moduleId: head.moduleId,
        itemId: head.id,
        count: done - head.delivered,
        orderFinished: false,
      });
      head.delivered = done;
    }
  }
}

function activeHeads(account: AccountState): { levels: LevelItem[]; orders: UnitOrder[] } {
  const levels: LevelItem[] = [];
  const orders: UnitOrder[] = [];
  const pushLevel = (item: LevelItem | undefined): void => {
    if (item?.state === 2 && item.finishAt !== null) levels.push(item);
  };
  const pushOrder = (order: UnitOrder | undefined): void => {
    if (order?.state === 2 && order.finishAt !== null) orders.push(order);
  };
  for (const planet of account.planets) {
    pushLevel(planet.queues.factories[0]);
    pushLevel(planet.queues.buildings[0]);
    pushOrder(planet.queues.ships[0]);
    pushOrder(planet.queues.defenses[0]);
  }
  pushLevel(account.researchQueue[0]);
  return { levels, orders };
}

/** The next instant after `after` at which settling must stop (an overdue finish counts as `after`). */
function nextInstant(account: AccountState, after: number): number | null {
  let next = Infinity;
  const { levels, orders } = activeHeads(account);
  for (const item of [...levels, ...orders])
    next = Math.min(next, Math.max(after, item.finishAt ?? Infinity));
  for (const until of Object.values(account.commandants)) if (until > after) next = Math.min(next, until);
  return Number.isFinite(next) ? next : null;
}

/**
 * Settles to `now`. Fleet events come after the economy's at the same instant, by fleet id
 * (decision 173). An arrival that needs the server (another account, debris, the universe) stops
 * settling there: the result is settled to that instant, and `nextExternalFleetEvent` names it.
 * `engine` fights the pirate ambushes; tests pass their own.
 */
export function settle(
  state: AccountState,
  now: number,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): SettleResult {
  if (!(now >= state.settledAt)) return { state, events: [] };
  if (now === state.settledAt && (nextFleetInstant(state) ?? Infinity) > now) return { state, events: [] };
  const account = cloneAccount(state);
  const events: GameEvent[] = [];
  let at = account.settledAt;
  for (;;) {
    const economy = nextInstant(account, at);
    const fleets = nextFleetInstant(account);
    // A fleet event behind the state (never in a well-formed one) is applied now, not in the past.
    const next = Math.max(at, Math.min(economy ?? Infinity, fleets ?? Infinity));
    if (!(next <= now)) break;
    accrue(account, at, next, config);
    at = next;
    if (economy === next) processInstant(account, at, config, events);
    if (fleets !== null && fleets <= next && processFleetsAt(account, at, events, engine) !== null) {
      account.settledAt = at;
      deliverPartial(account, at, events);
      return { state: account, events };
    }
  }
  accrue(account, at, now, config);
  deliverPartial(account, now, events);
  account.settledAt = now;
  return { state: account, events };
}

/**
 * `settle` for a read: when nothing happens between the state's instant and `now` (no level,
 * unit order, commandant or fleet event, no unit delivered), the result shares everything with
 * `state` but its planets and their resources, which production moved: no copy of the queues,
 * levels and fleets an idle read would only look at. Otherwise `settle` itself. The result must
 * not be changed in place (an action copies what it is given); it is the state `settle` gives.
 */
export function settleForReading(
  state: AccountState,
  now: number,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): SettleResult {
  const from = state.settledAt;
  if (
    !(now > from) ||
    (nextInstant(state, from) ?? Infinity) <= now ||
    (nextFleetInstant(state) ?? Infinity) <= now ||
    deliversBy(state, now)
  )
    return settle(state, now, config, engine);
  const account: AccountState = {
    ...state,
    settledAt: now,
    planets: state.planets.map((planet) => ({ ...planet, resources: { ...planet.resources } })),
  };
  accrue(account, from, now, config);
  return { state: account, events: [] };
}

/** Whether an active unit order has a unit finished by `at` not yet delivered (deliverPartial). */
function deliversBy(account: AccountState, at: number): boolean {
  for (const planet of account.planets) {
    for (const head of [planet.queues.ships[0], planet.queues.defenses[0]])
      if (underWay(head) && unitsDoneBy(head, at) > head.delivered) return true;
  }
  return false;
}

/**
 * When the account next needs settling: the earliest level finish, next unit delivery, commandant
 * expiry after `settledAt` or fleet event (pirate passes included); null when nothing is scheduled.
 */
export function nextEventAt(state: AccountState): number | null {
  const next = Math.min(nextEconomyEventAt(state), nextFleetInstant(state) ?? Infinity);
  return Number.isFinite(next) ? next : null;
}

/**
 * When settling the account next changes something beyond the passes its fleets have made: the
 * server's wake-up for it (decision 216). nextEventAt without the pirate passes whose draw
 * misses, after which the state is the one settling before them gives, but for the passes, and
 * no event comes of them. Never earlier than nextEventAt; null when nothing is scheduled.
 */
export function nextWakeUpAt(state: AccountState): number | null {
  const next = nextEventfulFleetInstant(state, nextEconomyEventAt(state));
  return Number.isFinite(next) ? next : null;
}

/** The earliest level finish, next unit delivery or commandant expiry; Infinity without one. */
function nextEconomyEventAt(state: AccountState): number {
  let next = Infinity;
  const { levels, orders } = activeHeads(state);
  for (const item of levels) next = Math.min(next, item.finishAt ?? Infinity);
  for (const order of orders) {
    if (order.startedAt !== null && order.unitDurationMs !== null) {
      next = Math.min(next, order.startedAt + (order.delivered + 1) * order.unitDurationMs);
    }
  }
  for (const until of Object.values(state.commandants))
    if (until > state.settledAt) next = Math.min(next, until);
  return next;
}
