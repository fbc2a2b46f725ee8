/** The leaderboard and public profiles. */
export { accountsRoutes } from './accounts.routes.js';
