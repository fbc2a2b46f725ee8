import { FleetsPage } from './components/FleetsPage';

export default FleetsPage;
export { DispatchModal, type DispatchTarget } from './components/DispatchModal';
export { actionsFor, type FleetAction } from './model/missions';
export { HostileFleetsBadge } from './components/HostileFleetsBadge';
// The star map draws own and hostile fleets (features/systems).
export { useFleetList } from './api/fleets';
