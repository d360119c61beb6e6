/**
 * The audit log's public face. Writes take the caller's transaction (`db` may be a Transaction), so
 * an action and its audit entry commit together; features never reach the store directly.
 */
export { type AuditActor, type AuditEntry, listAudit, recordAudit } from "./store.ts";
