/**
 * The grinders feature's public service: what its routes, commands and jobs and other features
 * call. Each action lives in its own module; this one only names them.
 */
export { breakEndJob, breakJobKey, endTimedBreak, setBreak, toggleBreak } from "./breaks.ts";
export { type GrinderConfig, getGrinderConfig, grinderLockScope } from "./config.ts";
export { type GrinderActor, hireGrinder } from "./hire.ts";
export { grinderBreakHistory, grinderPaymentHistory, recordPaymentOf, withMemberNames } from "./history.ts";
export { recordPayment } from "./payments.ts";
export { removeGrinder } from "./removal.ts";
export {
  findGrinderByUser,
  listGrinderPayments,
  listGrinders,
  listGrindersByStatus,
  pageGrinders,
} from "./roster.ts";
export { rosterRoles } from "./roster-roles.ts";
export { saveSetupForm } from "./setup-form.ts";
export { openTicket } from "./tickets.ts";
export { addTier, getServerSetup, removeTier } from "./tiers.ts";
