/** The operators' console and actions (issue 23): routes, and the service the command line shares. */
export { adminRoutes } from './admin.routes.js';
export {
  changeNmi,
  operatorActor,
  reinstateAccount,
  setOperator,
  suspendAccount,
  type AdminContext,
} from './admin.service.js';
export { COMMAND_LINE, writeAudit, type Actor } from './audit.js';
