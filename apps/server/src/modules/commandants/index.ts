/** Commandants: availability and unlocking. */
export { commandantsRoutes } from './commandants.routes.js';
