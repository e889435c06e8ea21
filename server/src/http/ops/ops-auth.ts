import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import type { Db } from '../../db/db';
import { namedCounter } from '../web/request-counters';
import { OperationRefused } from '../../domain-errors';
import { writeAudit, type Actor } from '../../ops/audit';
import { credentialsOf, normalEmail } from '../../ops/operators';
import { passwordMatches } from '../../ops/passwords';
import { needsSecondFactor } from '../../ops/two-factor';
import { may, PERMISSIONS, permissionsOf, type OperatorRole, type Permission } from '../../ops/roles';
import {
  clearSignInFailures,
  DEFAULT_LOCKOUT,
  endSession,
  endSessionsOf,
  lockedUntil,
  recordSignInFailure,
  resumeSession,
  startSession,
  type LockoutSettings,
  type SessionSettings,
} from '../../ops/sessions';

/** Who is calling `/ops/api`: a signed-in operator, or automation with the OPS_TOKEN. */
export interface OpsIdentity {
  readonly actor: Actor;
  readonly role: OperatorRole | 'service';
  readonly permissions: readonly Permission[];
  /** The session's token hash (signed-in operators only). */
  readonly sessionHash: string | null;
  /**
   * `full`: the session may do what its role allows. `secondFactor`: the password was right and a
   * TOTP or recovery code is owed. `enrol`: OPS_REQUIRE_2FA asks this role for a second factor it has
   * not set up: only the enrolment routes answer.
   */
  readonly stage: 'full' | 'secondFactor' | 'enrol';
}

declare module 'fastify' {
  interface FastifyRequest {
    opsIdentity?: OpsIdentity;
  }
  interface FastifyContextConfig {
    /** What the route needs; routes without it are the sign-in routes, open to anyone. */
    permission?: Permission;
    /** Open to a session that must still set up its second factor (OPS_REQUIRE_2FA). */
    enrolment?: boolean;
  }
}

export const SESSION_COOKIE = 'topup_ops_session';
export const CSRF_COOKIE = 'topup_ops_csrf';
/** The cookies go only to the back office's API, never to the player's. */
const COOKIE_PATH = '/ops/api';

export interface OpsAuthOptions {
  readonly db: Db;
  /** OPS_TOKEN: automation's bearer token; null turns bearer access off. */
  readonly token: string | null;
  readonly sessions: SessionSettings;
  readonly lockout?: LockoutSettings;
  readonly secureCookies: boolean;
  /** Sign-in attempts per address per 15 minutes, refused or not (also second-factor codes and reset requests). */
  readonly signInsPerAddress: number;
  /** OPS_REQUIRE_2FA: admins and release managers must have a TOTP second factor. */
  readonly require2fa?: boolean;
  /** The time, for reset links and TOTP codes (tests move it). */
  readonly clock?: () => Date;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The identity of a request, or null when it has none (no cookie, an ended session, a wrong token). */
async function identify(request: FastifyRequest, options: OpsAuthOptions): Promise<OpsIdentity | null> {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) {
    if (!options.token || !sameToken(header.slice(7), options.token)) return null;
    const named = String(request.headers['x-ops-actor'] ?? '').replace(/[^\w.@-]/g, '').slice(0, 60);
    return {
      actor: { name: `service:${named || 'automation'}`, operatorId: null, address: request.ip },
      role: 'service',
      permissions: PERMISSIONS,
      sessionHash: null,
      stage: 'full',
    };
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const signedIn = await resumeSession(options.db, token, options.sessions);
  if (!signedIn) return null;
  const stage = signedIn.secondFactorPending ? 'secondFactor' : !signedIn.totpEnabled && needsSecondFactor(signedIn.role, options.require2fa ?? false) ? 'enrol' : 'full';
  return {
    actor: { name: signedIn.email, operatorId: signedIn.operatorId, address: request.ip },
    role: signedIn.role,
    permissions: stage === 'full' ? permissionsOf(signedIn.role) : [],
    sessionHash: signedIn.tokenHash,
    stage,
  };
}

/**
 * The back office's doors: session cookies (HttpOnly, SameSite=Strict, Secure in production, only
 * for /ops/api), CSRF tokens on every state-changing request made with a cookie, the OPS_TOKEN
 * bearer for automation, and the role check of every route. Also the sign-in routes themselves.
 */
export async function opsAuth(app: FastifyInstance, options: OpsAuthOptions): Promise<void> {
  const lockout = options.lockout ?? DEFAULT_LOCKOUT;
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure: options.secureCookies };
  await app.register(cookie);
  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: CSRF_COOKIE,
    cookieOpts: cookieOptions,
    getToken: (request) => String(request.headers['x-csrf-token'] ?? ''),
  });

  // As on /ops/*: an address that keeps sending wrong bearer tokens is refused for the rest of the window.
  const tokenRefusals = namedCounter(app, 'tokenRefusals', { max: 10, timeWindow: 15 * 60_000 });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const bearer = (request.headers.authorization ?? '').startsWith('Bearer ');
    if (bearer) {
      const status = await tokenRefusals(request, { increment: false });
      if (!status.isAllowed && status.remaining === 0) throw new OperationRefused('tooMany', 'Too many refused attempts from this address; try again later', 'tooMany');
    }
    const identity = await identify(request, options);
    if (bearer && !identity) await tokenRefusals(request);
    if (identity) request.opsIdentity = identity;
    if (request.routeOptions.config.permission && !identity) {
      throw new OperationRefused('signedOut', request.headers.authorization ? 'The ops token is wrong' : 'Please sign in', 'signedOut');
    }
  });
  // A cookie rides along with a forged request; a bearer token does not. Refusals reach the error handler (FST_CSRF_*).
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const changes = request.method !== 'GET' && request.method !== 'HEAD';
    if (!changes || request.opsIdentity?.role === 'service') return done();
    app.csrfProtection(request, reply, done);
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const identity = request.opsIdentity;
    const permission = request.routeOptions.config.permission;
    if (permission && identity?.stage === 'secondFactor') throw new OperationRefused('signedOut', 'Type the code of your authenticator app first', 'secondFactorOwed');
    if (permission && identity?.stage === 'enrol' && !request.routeOptions.config.enrolment) {
      throw new OperationRefused('forbidden', 'Your role needs a second factor: set it up on your account page first', 'enrolTwoFactor');
    }
    if (permission && identity && identity.role !== 'service' && !may(identity.role, permission)) {
      throw new OperationRefused('forbidden', `The ${identity.role} role may not do this`, 'forbidden');
    }
  });

  const describe = async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = request.opsIdentity;
    const owed = identity?.stage === 'secondFactor';
    return {
      operator: identity && !owed ? { name: identity.actor.name, role: identity.role } : null,
      permissions: identity?.permissions ?? [],
      stage: identity?.stage ?? null,
      csrfToken: await reply.generateCsrf(),
    };
  };

  app.get('/session', async (request, reply) => describe(request, reply));

  app.post<{ Body: { email: string; password: string } }>(
    '/session',
    {
      config: { rateLimit: { max: options.signInsPerAddress, timeWindow: 15 * 60_000 } },
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 200 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const email = normalEmail(request.body.email);
      // Locks and counts are per e-mail address typed and client address: a stranger locks out only themselves.
      const attempt = { email, address: request.ip };
      const tried: Actor = { name: email, operatorId: null, address: request.ip };
      const locked = await lockedUntil(options.db, attempt);
      if (locked) {
        await writeAudit(options.db, tried, { action: 'session.sign_in_refused', targetType: 'operator', targetId: email, after: { why: 'locked', locked_until: locked.toISOString() } });
        throw lockedError(locked);
      }
      const account = await credentialsOf(options.db, email);
      const matches = await passwordMatches(account?.password_hash ?? null, request.body.password);
      if (!account || !matches || account.disabled) {
        const nowLocked = await recordSignInFailure(options.db, attempt, lockout);
        request.log.warn({ ip: request.ip }, 'back-office sign-in refused');
        // Why, for the audit log only: the answer says the same words whatever the reason.
        const why = !account ? 'unknown address' : account.disabled ? 'disabled' : 'wrong password';
        await writeAudit(options.db, tried, { action: 'session.sign_in_refused', targetType: 'operator', targetId: email, after: { why } });
        if (nowLocked) {
          await writeAudit(options.db, tried, {
            action: 'session.locked',
            targetType: 'operator',
            targetId: email,
            after: { locked_until: nowLocked.until.toISOString(), lock: nowLocked.lock, failures: nowLocked.failures },
          });
          throw lockedError(nowLocked.until);
        }
        // The same words whether the address is unknown, the password wrong or the account disabled.
        throw new OperationRefused('signedOut', 'The e-mail address or the password is wrong', 'wrongCredentials');
      }
      await clearSignInFailures(options.db, attempt);
      // With a second factor, the session starts waiting for its code: it can do nothing else.
      const owed = account.totp_enabled;
      const token = await startSession(options.db, account.id, options.sessions, request.ip, String(request.headers['user-agent'] ?? ''), owed);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(options.sessions.absoluteMs / 1000) });
      const role = account.role;
      const who = { name: email, operatorId: account.id, address: request.ip };
      if (owed) {
        await writeAudit(options.db, who, { action: 'session.password_accepted', targetType: 'operator', targetId: email });
        return { operator: null, permissions: [], stage: 'secondFactor', csrfToken: await reply.generateCsrf() };
      }
      await writeAudit(options.db, who, { action: 'session.sign_in', targetType: 'operator', targetId: email });
      const enrol = needsSecondFactor(role, options.require2fa ?? false);
      return { operator: { name: email, role }, permissions: enrol ? [] : permissionsOf(role), stage: enrol ? 'enrol' : 'full', csrfToken: await reply.generateCsrf() };
    },
  );

  app.delete('/session', async (request, reply) => {
    const hash = request.opsIdentity?.sessionHash;
    if (hash) await endSession(options.db, hash);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { operator: null, permissions: [] };
  });

  app.post('/session/everywhere', { config: { permission: 'read' } }, async (request, reply) => {
    const operatorId = request.opsIdentity?.actor.operatorId;
    const identity = request.opsIdentity as OpsIdentity;
    const ended = operatorId
      ? await options.db.transaction(async (tx) => {
          const count = await endSessionsOf(tx, operatorId);
          await writeAudit(tx, identity.actor, { action: 'session.sign_out_everywhere', targetType: 'operator', targetId: identity.actor.name, after: { sessions_ended: count } });
          return count;
        })
      : 0;
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { ended };
  });
}

function lockedError(until: Date): OperationRefused {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new OperationRefused('tooMany', `Too many refused sign-ins for this address: try again in ${minutes} min`, 'locked');
}
