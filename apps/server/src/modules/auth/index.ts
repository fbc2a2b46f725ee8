/** Registration, sessions and tokens. */
export { ACCESS_COOKIE, authRoutes } from './auth.routes.js';
export { createAuthService, type AuthContext } from './auth.service.js';
export { endAccountSessions } from './end-sessions.js';
