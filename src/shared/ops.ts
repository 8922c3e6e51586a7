/**
 * The operator's console contract, as the server and the /ops page import it: the types are
 * inferred from the schemas of src/shared/wire/ops.ts and opsEvents.ts (the one contract,
 * docs/wire.md), and the public maintenance notice is the players' event of src/shared/wire/events.ts.
 */

export {
  type OpsAuditRow,
  type OpsConfig,
  type OpsLedgerRow,
  type OpsManualCredit,
  type OpsPage,
  type OpsPause,
  type OpsPlayerFile,
  type OpsPlayerSummary,
  type OpsRole,
  type OpsSession,
  type OpsState,
  type OpsWithdrawal,
  type OpsWithdrawalStatus,
} from './wire/ops';
export { OPS_DESTINATIONS } from './wire/opsEvents';
export { MAINTENANCE_DESTINATION, type MaintenanceEvent } from './wire/events';
