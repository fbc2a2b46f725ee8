/** The player's own account (GET /me). */
export { meRoutes } from './me.routes.js';
export { readMe } from './me.service.js';
