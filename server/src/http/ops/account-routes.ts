import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { OperationRefused } from '../../domain-errors';
import { queueMail } from '../../fulfilment';
import { writeAudit, type Actor } from '../../ops/audit';
import { LOCALES, type Locale } from '@topup/shared/rules';
import { credentialsOf, enrolTotp, lockTotpOf, normalEmail, sealClearTotpSecrets, setOperatorLanguage, setOperatorPassword, setPendingTotp } from '../../ops/operators';
import { hashPassword, passwordMatches, passwordProblem } from '../../ops/passwords';
import { newResetToken, resetMail, useResetToken } from '../../ops/password-resets';
import { clearSignInFailures, completeSecondFactor, DEFAULT_LOCKOUT, endOtherSessionsOf, endOwnSession, endSession, endSessionsOf, lockedUntil, recordSignInFailure, sessionsOf, type SessionSettings } from '../../ops/sessions';
import {
  acceptTotp,
  enrolmentPicture,
  needsSecondFactor,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodesLeft,
  removeTotp,
  totpStep,
  useRecoveryCode,
} from '../../ops/two-factor';
import { TotpSecretBox } from '../../ops/totp-secret-box';
import type { OpsIdentity } from './ops-auth';

export interface AccountRouteOptions {
  readonly db: Db;
  readonly sessions: SessionSettings;
  /** Reset requests, reset links and second-factor codes per address per 15 minutes, as sign-ins. */
  readonly attemptsPerAddress: number;
  readonly require2fa: boolean;
  readonly clock: () => Date;
  /** PUBLIC_URL: where the reset link in the mail points. */
  readonly publicUrl: string;
  /** OPS_SECRET_KEY: seals the TOTP secrets at rest (decision 297). */
  readonly secretKey: string;
}

const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
const body = (required: string[], properties: Record<string, unknown>) => ({ body: { type: 'object', required, properties, additionalProperties: false } });

/** The operator of a request that has one (the routes below need a session, not the ops token). */
function operatorOf(request: FastifyRequest): { identity: OpsIdentity; operatorId: number } {
  const identity = request.opsIdentity;
  const operatorId = identity?.actor.operatorId;
  if (!identity || !operatorId) throw new OperationRefused('forbidden', 'Only a signed-in operator has an account page', 'forbidden');
  return { identity, operatorId };
}

/**
 * `/ops/api/account/*`: one's own password, second factor and sessions; `/ops/api/session/second-factor`
 * (the sign-in's second step) and `/ops/api/password-reset*` (the e-mailed link), open to strangers and
 * limited per address like sign-in.
 */
export async function accountRoutes(app: FastifyInstance, options: AccountRouteOptions): Promise<void> {
  const { db, clock } = options;
  const box = new TotpSecretBox(options.secretKey);
  // Secrets enrolled before they were sealed (migration 089's clear rows) are sealed now; until then they are read as they are.
  await sealClearTotpSecrets(db, box);
  const limited = { rateLimit: { max: options.attemptsPerAddress, timeWindow: 15 * 60_000 } };

  app.get('/account', { config: { permission: 'read', enrolment: true } }, async (request) => {
    const { identity, operatorId } = operatorOf(request);
    const rows = await db.query<{ totp: boolean; totp_enrolled_at: string | null; password_changed_at: string; language: string }>(
      'SELECT totp_secret IS NOT NULL AS totp, totp_enrolled_at::text, password_changed_at::text, language FROM operators WHERE id = $1',
      [operatorId],
    );
    const row = rows[0];
    return {
      email: identity.actor.name,
      role: identity.role,
      password_changed_at: row?.password_changed_at ?? null,
      language: row?.language ?? 'en',
      two_factor: { enabled: Boolean(row?.totp), enrolled_at: row?.totp_enrolled_at ?? null, required: needsSecondFactor(identity.role, options.require2fa), recovery_codes_left: await recoveryCodesLeft(db, operatorId) },
    };
  });

  // The language the console is used in, remembered for the mails the store sends the operator (reset link, alerts).
  app.put<{ Body: { language: Locale } }>(
    '/account/language',
    { config: { permission: 'read', enrolment: true }, schema: body(['language'], { language: { type: 'string', enum: [...LOCALES] } }) },
    async (request) => {
      const { operatorId } = operatorOf(request);
      await setOperatorLanguage(db, operatorId, request.body.language);
      return { language: request.body.language };
    },
  );

  app.post<{ Body: { current: string; password: string } }>(
    '/account/password',
    { config: { permission: 'read', enrolment: true, ...limited }, schema: body(['current', 'password'], { current: str(200), password: str(400) }) },
    async (request) => {
      const { identity, operatorId } = operatorOf(request);
      const account = await credentialsOf(db, identity.actor.name);
      if (!account || !(await passwordMatches(account.password_hash, request.body.current))) {
        await writeAudit(db, identity.actor, { action: 'account.password_change_refused', targetType: 'operator', targetId: identity.actor.name, after: { why: 'wrong current password' } });
        throw new OperationRefused('invalid', 'The current password is wrong', 'wrongCurrentPassword');
      }
      const problem = passwordProblem(request.body.password);
      if (problem) throw new OperationRefused('invalid', problem, 'weakPassword');
      const hashed = await hashPassword(request.body.password);
      const ended = await db.transaction(async (tx) => {
        await setOperatorPassword(tx, operatorId, hashed);
        // Every other browser signs in again with the new password; this one stays.
        const ended = await endOtherSessionsOf(tx, operatorId, identity.sessionHash ?? '');
        await writeAudit(tx, identity.actor, { action: 'account.password_changed', targetType: 'operator', targetId: identity.actor.name, after: { other_sessions_ended: ended } });
        return ended;
      });
      return { changed: true, other_sessions_ended: ended };
    },
  );

  app.get('/account/sessions', { config: { permission: 'read', enrolment: true } }, async (request) => {
    const { identity, operatorId } = operatorOf(request);
    return { sessions: await sessionsOf(db, operatorId, identity.sessionHash, options.sessions) };
  });

  app.delete<{ Params: { id: string } }>('/account/sessions/:id', { config: { permission: 'read', enrolment: true } }, async (request) => {
    const { identity, operatorId } = operatorOf(request);
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const ended = await db.transaction(async (tx) => {
      const done = await endOwnSession(tx, operatorId, id);
      if (done) await writeAudit(tx, identity.actor, { action: 'account.session_revoked', targetType: 'operator', targetId: identity.actor.name, after: { session: id } });
      return done;
    });
    if (!ended) throw new OperationRefused('notFound', 'No such session of yours is open', 'noSuchSession');
    return { ended: true };
  });

  // --- The second factor: enrolment, removal, new recovery codes.

  app.post('/account/two-factor/start', { config: { permission: 'read', enrolment: true } }, async (request) => {
    const { identity, operatorId } = operatorOf(request);
    const secret = newTotpSecret();
    if (!(await setPendingTotp(db, operatorId, box.seal(operatorId, secret)))) throw new OperationRefused('conflict', 'Your second factor is already set up: remove it first to set up another', 'twoFactorOn');
    const picture = await enrolmentPicture(secret, identity.actor.name);
    return { secret, uri: picture.uri, qr: picture.qr };
  });

  app.post<{ Body: { code: string } }>(
    '/account/two-factor/confirm',
    { config: { permission: 'read', enrolment: true, ...limited }, schema: body(['code'], { code: str(20) }) },
    async (request) => {
      const { identity, operatorId } = operatorOf(request);
      const now = clock();
      return db.transaction(async (tx) => {
        const secrets = await lockTotpOf(tx, operatorId);
        const pending = secrets?.totp_pending_secret ? box.open(operatorId, secrets.totp_pending_secret) : null;
        if (secrets?.totp_secret || !pending) throw new OperationRefused('conflict', 'Start the set-up again', 'twoFactorNotStarted');
        const step = totpStep(pending, identity.actor.name, request.body.code.trim(), now);
        if (step === null) throw new OperationRefused('invalid', 'That code is wrong: type the six digits your app shows now', 'wrongCode');
        await enrolTotp(tx, operatorId, step);
        const codes = await newRecoveryCodes(tx, operatorId);
        await writeAudit(tx, identity.actor, { action: 'account.two_factor_enrolled', targetType: 'operator', targetId: identity.actor.name });
        return { enabled: true, recovery_codes: codes };
      });
    },
  );

  app.post<{ Body: { password: string } }>(
    '/account/two-factor/remove',
    { config: { permission: 'read', ...limited }, schema: body(['password'], { password: str(200) }) },
    async (request) => {
      const { identity, operatorId } = operatorOf(request);
      if (needsSecondFactor(identity.role, options.require2fa)) throw new OperationRefused('conflict', 'Your role must keep a second factor', 'twoFactorRequired');
      const account = await credentialsOf(db, identity.actor.name);
      if (!account || !(await passwordMatches(account.password_hash, request.body.password))) throw new OperationRefused('invalid', 'The current password is wrong', 'wrongCurrentPassword');
      await db.transaction(async (tx) => {
        await removeTotp(tx, operatorId);
        await writeAudit(tx, identity.actor, { action: 'account.two_factor_removed', targetType: 'operator', targetId: identity.actor.name });
      });
      return { enabled: false };
    },
  );

  app.post<{ Body: { password: string } }>(
    '/account/two-factor/recovery-codes',
    { config: { permission: 'read', ...limited }, schema: body(['password'], { password: str(200) }) },
    async (request) => {
      const { identity, operatorId } = operatorOf(request);
      const account = await credentialsOf(db, identity.actor.name);
      if (!account?.totp_enabled) throw new OperationRefused('conflict', 'Set up the second factor first', 'twoFactorOff');
      if (!(await passwordMatches(account.password_hash, request.body.password))) throw new OperationRefused('invalid', 'The current password is wrong', 'wrongCurrentPassword');
      const codes = await db.transaction(async (tx) => {
        const fresh = await newRecoveryCodes(tx, operatorId);
        await writeAudit(tx, identity.actor, { action: 'account.recovery_codes_renewed', targetType: 'operator', targetId: identity.actor.name });
        return fresh;
      });
      return { recovery_codes: codes };
    },
  );

  // --- The sign-in's second step: a session whose password was right, waiting for its code.

  app.post<{ Body: { code?: string; recovery_code?: string } }>(
    '/session/second-factor',
    { config: limited, schema: body([], { code: str(20), recovery_code: str(40) }) },
    async (request) => {
      const identity = request.opsIdentity;
      const operatorId = identity?.actor.operatorId;
      if (!identity || !operatorId || identity.stage !== 'secondFactor' || !identity.sessionHash) throw new OperationRefused('signedOut', 'Please sign in', 'signedOut');
      const attempt = { email: identity.actor.name, address: request.ip };
      const locked = await lockedUntil(db, attempt);
      if (locked) throw new OperationRefused('tooMany', 'Too many wrong codes: try again later', 'locked');
      const recovery = request.body.recovery_code?.trim();
      const accepted = recovery ? await useRecoveryCode(db, operatorId, recovery) : await acceptTotp(db, box, operatorId, identity.actor.name, request.body.code ?? '', clock());
      if (!accepted) {
        const nowLocked = await recordSignInFailure(db, attempt, DEFAULT_LOCKOUT);
        await writeAudit(db, identity.actor, { action: 'session.second_factor_refused', targetType: 'operator', targetId: identity.actor.name, after: { with: recovery ? 'recovery code' : 'code' } });
        if (nowLocked) {
          // The session that owed the code ends: the password must be typed again after the lock.
          await endSession(db, identity.sessionHash);
          throw new OperationRefused('tooMany', 'Too many wrong codes: try again later', 'locked');
        }
        throw new OperationRefused('invalid', 'That code is wrong', 'wrongCode');
      }
      await clearSignInFailures(db, attempt);
      await completeSecondFactor(db, identity.sessionHash);
      await writeAudit(db, identity.actor, { action: 'session.sign_in', targetType: 'operator', targetId: identity.actor.name, after: { second_factor: recovery ? 'recovery code' : 'totp' } });
      if (recovery) await writeAudit(db, identity.actor, { action: 'account.recovery_code_used', targetType: 'operator', targetId: identity.actor.name, after: { left: await recoveryCodesLeft(db, operatorId) } });
      return { operator: { name: identity.actor.name, role: identity.role }, stage: 'full' };
    },
  );

  // --- The reset link: asked for by e-mail address, the same answer whether or not an operator has it.

  app.post<{ Body: { email: string } }>('/password-reset', { config: limited, schema: body(['email'], { email: str(200) }) }, async (request, reply) => {
    const email = normalEmail(request.body.email);
    const account = await credentialsOf(db, email);
    const who: Actor = { name: email, operatorId: account?.id ?? null, address: request.ip };
    await db.transaction(async (tx) => {
      const token = account && !account.disabled ? await newResetToken(tx, account.id, clock(), request.ip) : null;
      if (token) {
        const link = `${options.publicUrl.replace(/\/+$/, '')}/#/ops/reset?token=${token}`;
        const mail = resetMail(email, link, account?.language ?? 'en');
        await queueMail(tx, { key: `ops-reset:${token.slice(0, 16)}`, to: email, subject: mail.subject, text: mail.text, locale: mail.locale });
      }
      const why = !account ? 'unknown address' : account.disabled ? 'disabled' : token ? 'sent' : 'too many links';
      await writeAudit(tx, who, { action: 'account.reset_asked', targetType: 'operator', targetId: email, after: { outcome: why } });
    });
    reply.code(202);
    return { asked: true };
  });

  app.post<{ Body: { token: string; password: string } }>(
    '/password-reset/complete',
    { config: limited, schema: body(['token', 'password'], { token: str(100), password: str(400) }) },
    async (request) => {
      const problem = passwordProblem(request.body.password);
      if (problem) throw new OperationRefused('invalid', problem, 'weakPassword');
      const hashed = await hashPassword(request.body.password);
      const now = clock();
      const done = await db.transaction(async (tx) => {
        const owner = await useResetToken(tx, request.body.token, now);
        if (!owner) return null;
        await setOperatorPassword(tx, owner.operatorId, hashed);
        const ended = await endSessionsOf(tx, owner.operatorId);
        await writeAudit(tx, { name: owner.email, operatorId: owner.operatorId, address: request.ip }, { action: 'account.reset_used', targetType: 'operator', targetId: owner.email, after: { sessions_ended: ended } });
        return owner;
      });
      if (!done) {
        await writeAudit(db, { name: 'unknown', operatorId: null, address: request.ip }, { action: 'account.reset_refused', targetType: 'operator', targetId: '', after: { why: 'unknown, used or expired link' } });
        throw new OperationRefused('invalid', 'This link is used or out of date: ask for a new one', 'resetLinkInvalid');
      }
      return { reset: true };
    },
  );
}
