/**
 * Operators' roles and what each may do. Every route of `/ops/api` names the permission it needs and
 * the server checks it; the console reads the same list from the session and hides what a role
 * cannot do.
 */
export const OPERATOR_ROLES = ['viewer', 'support', 'merchandiser', 'release_manager', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  /** Orders, their timelines, reconciliation findings, tickets and the audit log: reading only. */
  'read',
  /** The release console, read only (the support desk does not see it). */
  'releases.read',
  /** Resend, retry, refund, mark disputed. */
  'orders.act',
  /** Answer and close the help page's tickets. */
  'tickets.act',
  /** The catalogue (issue of its own). */
  'catalogue.edit',
  /** Where each game's server is and its secret: the addresses the store calls (admin only). */
  'game_servers.manage',
  /** Activate and roll back releases. */
  'releases.act',
  /** Create operators, change roles, disable, reset passwords. */
  'operators.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  viewer: ['read', 'releases.read'],
  support: ['read', 'orders.act', 'tickets.act'],
  merchandiser: ['read', 'catalogue.edit'],
  release_manager: ['read', 'releases.read', 'releases.act'],
  admin: PERMISSIONS,
};

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

export function permissionsOf(role: OperatorRole): readonly Permission[] {
  return GRANTS[role];
}

export function may(role: OperatorRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}
