/** The universe: seeding, the map, one system, routes between systems. */
export { createSystemsService, seedUniverseIfEmpty } from './systems.service.js';
export { systemsRoutes } from './systems.routes.js';
