/**
 * Every read of the admin panel sits under ["admin"], so one change (a user edited, a plan deleted,
 * the settings saved) refreshes the lists, the figures and the audit log together.
 */
export const adminKeys = {
  all: ["admin"] as const,
  users: ["admin", "users"] as const,
  plans: ["admin", "plans"] as const,
  systemConfig: ["admin", "system-config"] as const,
  auditLog: ["admin", "audit-log"] as const,
};
