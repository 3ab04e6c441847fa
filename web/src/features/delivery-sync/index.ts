/**
 * Proof of delivery and the driver's offline work (My Routes without signal): the routes kept on the phone per
 * user, the queue of actions sent when the connection comes back, the proof dialog, and the app-shell service
 * worker for the driver's pages.
 */
export { OrderDeliveryActions, StopDeliveryActions } from './DeliveryActions';
export { ProofDialog } from './ProofDialog';
export { SyncStatusBar } from './SyncStatusBar';
export { type DriverRoutes, useDriverRoutes, useProofRules } from './useDriverRoutes';
