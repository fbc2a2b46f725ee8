export * from './travel.js';
export * from './plan.js';
export * from './flight.js';
export * from './combat.js';
export {
  nextEventfulFleetInstant,
  nextExternalFleetEvent,
  nextFleetInstant,
  PIRATE_CHANCE,
  fitCargo,
} from './events.js';
export * from './actions.js';
export * from './missions.js';
export * from './view.js';
