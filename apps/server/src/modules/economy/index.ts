/**
 * The economy's public face: the settling transaction and read path that every game screen goes
 * through, the views of the state that several screens share, and the one writer of emails.
 */
export {
  economyDeps,
  focusPlanet,
  readAccount,
  runSchedulerOnce,
  settleDueAccountsTask,
  withAccount,
  withAccounts,
  type AccountChange,
  type AccountsChange,
  type AccountContext,
  type EconomyDeps,
} from './economy.service.js';
export { insertEmails, type EmailToSend } from './emails-writer.repository.js';
export { isUnitOrder, toConstruction, type QueueItem } from './economy.mapping.js';
export { planetConstructions, queueOf, resourceRef } from './economy.views.js';
export { visitWrites } from './visits.repository.js';
