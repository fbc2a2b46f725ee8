/** Registration, sessions and tokens. */
export { ACCESS_COOKIE, authRoutes } from './auth.routes.js';
export { createAuthService, type AuthContext } from './auth.service.js';
