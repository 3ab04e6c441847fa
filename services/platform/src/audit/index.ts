export { type AuditEntry, type AuditFields, auditChanges, recordAudit, recordAudits } from './record-audit';
