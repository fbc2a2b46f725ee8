/** The five module screens: lists, details, queueing, cancelling, demolishing. */
export { constructionsRoutes } from './constructions.routes.js';
