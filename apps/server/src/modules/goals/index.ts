/** Goals of the first hour, the bell's idle alerts and the forecast of waiting queue levels. */
export { goalsRoutes } from './goals.routes.js';
