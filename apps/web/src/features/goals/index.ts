/** Goals of the first hour, the bell's idle alerts and the queue's forecast of shortfalls. */
export { GoalsPanel } from './components/GoalsPanel';
export { IdleAlertsMenuItems, IdleAlertsWatcher } from './components/IdleAlerts';
export { QueueShortfall } from './components/QueueShortfall';
export { useQueueGuard, type QueueGuard } from './components/use-queue-guard';
