import type { GameRole, InGameMail, MailKind, SentMail } from '../game-gateway';

/**
 * The game-server contract's bodies (docs/game-integration.md): what the store sends a publisher's
 * game server and what it expects back, with the checks an answer must pass.
 */
export const CONTRACT_PATHS = {
  lookup: '/roles/lookup',
  accountRoles: '/accounts/roles',
  mail: '/mail',
  health: '/health',
} as const;

export interface WireRole {
  readonly server_id: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly uid: string;
  /** ISO 8601. */
  readonly last_login_at: string;
}

export class ContractBreach extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractBreach';
  }
}

/** A text field of the contract's bodies, at most `max` characters. */
export const isText = (value: unknown, max = 256): value is string => typeof value === 'string' && value.length <= max;

export function readRole(gameId: number, value: unknown): GameRole {
  const role = value as Partial<WireRole> | null;
  if (!role || typeof role !== 'object') throw new ContractBreach('role is not an object');
  if (!isText(role.server_id) || !isText(role.role_id) || role.role_id === '' || !isText(role.role_name) || !isText(role.uid)) {
    throw new ContractBreach('role lacks server_id, role_id, role_name or uid as text');
  }
  const lastLoginAt = new Date(String(role.last_login_at));
  if (Number.isNaN(lastLoginAt.getTime())) throw new ContractBreach('role.last_login_at is not a date');
  return { gameId, serverId: role.server_id, roleId: role.role_id, roleName: role.role_name, uid: role.uid, lastLoginAt };
}

export function writeRole(role: GameRole): WireRole {
  return { server_id: role.serverId, role_id: role.roleId, role_name: role.roleName, uid: role.uid, last_login_at: role.lastLoginAt.toISOString() };
}

export function readLookup(gameId: number, body: unknown): GameRole | null {
  const answer = body as { found?: unknown; role?: unknown } | null;
  if (!answer || typeof answer.found !== 'boolean') throw new ContractBreach('lookup answer lacks "found"');
  return answer.found ? readRole(gameId, answer.role) : null;
}

export function readAccountRoles(gameId: number, body: unknown): GameRole[] {
  const roles = (body as { roles?: unknown } | null)?.roles;
  if (!Array.isArray(roles)) throw new ContractBreach('account answer lacks "roles"');
  return roles.map((role) => readRole(gameId, role));
}

export function mailBody(mail: InGameMail) {
  return {
    key: mail.key,
    game_id: mail.gameId,
    server_id: mail.serverId,
    role_id: mail.roleId,
    kind: mail.kind ?? 'purchase',
    title: mail.title,
    body: mail.body ?? '',
    items: mail.items,
  };
}

export const MAIL_KINDS: readonly MailKind[] = ['purchase', 'ownership_code', 'daily_gift', 'points_reward'];

/** The longest mail text the contract carries. */
export const MAIL_BODY_MAX = 2000;

export function readSentMail(body: unknown): SentMail {
  const sent = body as { mail_id?: unknown; created?: unknown; sent_at?: unknown } | null;
  if (!sent || !isText(sent.mail_id) || sent.mail_id === '' || typeof sent.created !== 'boolean') throw new ContractBreach('mail answer lacks mail_id or created');
  const sentAt = new Date(String(sent.sent_at));
  if (Number.isNaN(sentAt.getTime())) throw new ContractBreach('mail answer\'s sent_at is not a date');
  return { mailId: sent.mail_id, created: sent.created, sentAt };
}
