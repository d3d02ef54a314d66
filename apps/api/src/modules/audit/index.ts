// The admin audit log: every module's admin writes call recordAudit in their own transaction
// (docs/decisions/029-account-protection.md, "The audit log").
export * as auditRoutes from './routes';
export { changeOf, changesSummary, recordAudit, type AuditRecord } from './record';
