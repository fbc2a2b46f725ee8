/** The header search's player lookup (GET /search/players). */
export { searchRoutes } from './search.routes.js';
