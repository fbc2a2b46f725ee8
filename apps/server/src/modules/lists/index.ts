export { listsRoutes } from './lists.routes.js';
