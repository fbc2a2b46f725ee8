/** Live events: the bus that carries them between processes and the stream that pushes them to players. */
export { announceSessionsEnded, createInProcessBus, type EventBus } from './event-bus.js';
export { openEventBus } from './open-event-bus.js';
export { eventsRoutes, type StreamRegistry } from './events.routes.js';
export { toLiveEvents, type LiveEvent } from './live-events.js';
