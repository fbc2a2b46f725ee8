/** The player's planets: list, focus, rename. */
export { planetsRoutes } from './planets.routes.js';
