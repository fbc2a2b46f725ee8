/** Fleets in flight and their reports: the routes, and the rows the economy's state load and save include. */
export { fleetsRoutes } from './fleets.routes.js';
export {
  fleetJson,
  fleetRowChanges,
  fleetRowsIn,
  fleetsFromRows,
  incomingArrivalAt,
  loadFleetRows,
  parseFleet,
  saveFleets,
  type FleetRow,
} from './fleets.repository.js';
export {
  applyArrivalBatch,
  applyDueArrivals,
  fleetNoticeEmails,
  fleetNoticeEmailsOf,
} from './fleets.arrivals.js';
export { returnFleetsHeadingTo } from './fleets.account-removal.js';
export { endFleetAtHome } from './fleets.end.js';
