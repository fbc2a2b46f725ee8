/** The inbox: pages, one email, marking read. */
export { emailsRoutes } from './emails.routes.js';
