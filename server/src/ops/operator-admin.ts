import type { Db } from '../db/db';
import { OperationRefused } from '../domain-errors';
import { writeAudit, type Actor } from './audit';
import {
  activeAdminCount,
  lockOperators,
  findOperator,
  insertOperator,
  normalEmail,
  setOperatorDisabled,
  setOperatorPassword,
  setOperatorRole,
  type OperatorRecord,
} from './operators';
import { hashPassword, passwordProblem } from './passwords';
import { endSessionsOf } from './sessions';
import { removeTotp } from './two-factor';
import type { OperatorRole } from './roles';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Adds an operator (the CLI for the first admin, an admin in the console after that), audited. */
export async function addOperator(db: Db, actor: Actor, request: { email: string; role: OperatorRole; password: string; reason?: string }): Promise<OperatorRecord> {
  const email = normalEmail(request.email);
  if (!EMAIL.test(email) || email.length > 200) throw new OperationRefused('invalid', `"${request.email}" is not an e-mail address`, 'badEmail');
  const problem = passwordProblem(request.password);
  if (problem) throw new OperationRefused('invalid', problem, 'weakPassword');
  const passwordHash = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    const added = await insertOperator(tx, { email, passwordHash, role: request.role, createdBy: actor.name });
    if (!added) throw new OperationRefused('conflict', `An operator with ${email} exists already`, 'emailTaken');
    await writeAudit(tx, actor, {
      action: 'operator.add',
      targetType: 'operator',
      targetId: email,
      after: { email, role: request.role },
      reason: request.reason ?? '',
    });
    return added;
  });
}

export interface OperatorChange {
  readonly role?: OperatorRole;
  readonly disabled?: boolean;
  readonly reason: string;
}

/** Changes an operator's role or disables / enables them, audited; a disabled operator is signed out everywhere. */
export async function changeOperator(db: Db, actor: Actor, id: number, change: OperatorChange): Promise<OperatorRecord> {
  return db.transaction(async (tx) => {
    // One change of operators at a time: two admins demoting each other at once would both count two admins.
    await lockOperators(tx);
    const before = await findOperator(tx, id);
    if (!before) throw new OperationRefused('notFound', `No operator ${id}`, 'noSuchOperator');
    const demotes = before.role === 'admin' && before.disabled_at === null && ((change.role && change.role !== 'admin') || change.disabled === true);
    if (demotes && (await activeAdminCount(tx)) <= 1) throw new OperationRefused('conflict', 'The last admin cannot be disabled or given another role', 'lastAdmin');
    if (change.role && change.role !== before.role) await setOperatorRole(tx, id, change.role);
    if (change.disabled !== undefined && change.disabled !== (before.disabled_at !== null)) {
      await setOperatorDisabled(tx, id, change.disabled);
      if (change.disabled) await endSessionsOf(tx, id);
    }
    const after = (await findOperator(tx, id)) as OperatorRecord;
    await writeAudit(tx, actor, {
      action: 'operator.change',
      targetType: 'operator',
      targetId: before.email,
      before: { role: before.role, disabled: before.disabled_at !== null },
      after: { role: after.role, disabled: after.disabled_at !== null },
      reason: change.reason,
    });
    return after;
  });
}

/** Sets a new password for an operator (an admin's reset), audited; their sessions end. */
export async function resetOperatorPassword(db: Db, actor: Actor, id: number, password: string, reason: string): Promise<OperatorRecord> {
  const problem = passwordProblem(password);
  if (problem) throw new OperationRefused('invalid', problem, 'weakPassword');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const operator = await findOperator(tx, id);
    if (!operator) throw new OperationRefused('notFound', `No operator ${id}`, 'noSuchOperator');
    await setOperatorPassword(tx, id, passwordHash);
    const ended = await endSessionsOf(tx, id);
    await writeAudit(tx, actor, { action: 'operator.reset_password', targetType: 'operator', targetId: operator.email, after: { sessions_ended: ended }, reason });
    return operator;
  });
}

/**
 * An admin clears another operator's second factor (a lost phone): the secret and the recovery codes
 * go, every session of the operator ends, and they set up a new one at their next sign-in (admins and
 * release managers must, with OPS_REQUIRE_2FA). Never one's own through this path: one's own is
 * removed from the account page with one's password. Audited with the reason.
 */
export async function clearOperatorSecondFactor(db: Db, actor: Actor, id: number, reason: string): Promise<OperatorRecord> {
  if (!reason.trim()) throw new OperationRefused('invalid', 'Say why the second factor is cleared', 'reasonRequired');
  if (actor.operatorId === id) throw new OperationRefused('forbidden', 'Your own second factor is removed from your account page, with your password', 'notOnYourself');
  return db.transaction(async (tx) => {
    const before = await findOperator(tx, id);
    if (!before) throw new OperationRefused('notFound', `No operator ${id}`, 'noSuchOperator');
    const cleared = await tx.query('SELECT id FROM operators WHERE id = $1 AND totp_secret IS NOT NULL FOR UPDATE', [id]);
    if (cleared.length === 0) throw new OperationRefused('conflict', `${before.email} has no second factor to clear`, 'twoFactorOff');
    await removeTotp(tx, id);
    const ended = await endSessionsOf(tx, id);
    await writeAudit(tx, actor, { action: 'operator.two_factor_cleared', targetType: 'operator', targetId: before.email, after: { sessions_ended: ended }, reason: reason.trim() });
    return { ...before, two_factor: false };
  });
}
