import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { CONTRACT_PATHS, isText, MAIL_BODY_MAX, MAIL_KINDS, writeRole } from '../../game/http/game-contract';
import type { MailKind } from '../../game/game-gateway';
import { signatureProblem, signedHeaders, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../game/http/game-signature';
import { SandboxGameGateway } from '../../sandbox/game/sandbox-game-gateway';
import { SandboxMailFailure, SwitchableSandboxGame } from '../../sandbox/game/mail-failures';
import { GameOutageWatch } from '../../sandbox/game/game-outage';

/** The sandbox game's secret in development and tests (a real game's is a catalogue setting). */
export const SANDBOX_GAME_DEV_SECRET = 'sandbox-game-dev-secret';

export interface SandboxGameServerOptions {
  readonly db: Db;
  readonly secret?: string;
}

const isGameId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The sandbox game as a game server of its own: the game-server contract (docs/game-integration.md)
 * over HTTP, on its characters and mailbox (tables sandbox_roles, sandbox_mail) and its mail failure
 * switch. Every request's signature is checked and every answer signed, as a publisher's server does.
 */
export async function buildSandboxGameServer(options: SandboxGameServerOptions): Promise<FastifyInstance> {
  const secret = options.secret ?? SANDBOX_GAME_DEV_SECRET;
  const game = new SwitchableSandboxGame(new SandboxGameGateway(options.db), options.db);
  // A hanging call must not hold the game's close: its socket is cut.
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024, forceCloseConnections: true });
  // The outage switch (game-outage.ts): down answers 503, hang waits (for ever without a delay), slow delays.
  // Read from memory on every call, kept up to date by NOTIFY (game-outage.ts).
  const outages = await GameOutageWatch.start(options.db);
  const waiting = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const release of waiting) release();
    await outages.stop();
  });
  app.addHook('onRequest', async (_request, reply) => {
    const outage = await outages.read();
    if (outage.mode === 'off') return;
    if (outage.mode === 'down') return reply.code(503).header('content-type', 'application/json').send('{"error":"unavailable","detail":"the sandbox game is down (outage switch)"}');
    const delayMs = outage.delayMs;
    await new Promise<void>((resolve) => {
      const release = () => {
        waiting.delete(release);
        clearTimeout(timer);
        resolve();
      };
      const timer = delayMs === null ? undefined : setTimeout(release, delayMs);
      waiting.add(release);
    });
  });
  // The signature covers the raw body: keep it as sent.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const answer = (reply: FastifyReply, status: number, body: object) => {
    const raw = JSON.stringify(body);
    return reply.code(status).headers({ 'content-type': 'application/json', ...signedHeaders(secret, raw) }).send(raw);
  };
  /** The request's JSON when its signature holds; otherwise answers 401 or 400 and gives null. */
  const signedBody = (request: FastifyRequest, reply: FastifyReply): Record<string, unknown> | null => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const problem = signatureProblem(secret, header(request, TIMESTAMP_HEADER), header(request, SIGNATURE_HEADER), raw);
    if (problem) {
      void answer(reply, 401, { error: 'bad_signature', detail: problem });
      return null;
    }
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* answered below */
    }
    void answer(reply, 400, { error: 'bad_request', detail: 'the body is not a JSON object' });
    return null;
  };
  const badRequest = (reply: FastifyReply, detail: string) => answer(reply, 400, { error: 'bad_request', detail });

  app.post(CONTRACT_PATHS.health, async (request, reply) => {
    if (!signedBody(request, reply)) return reply;
    return answer(reply, 200, { ok: true });
  });

  app.post(CONTRACT_PATHS.lookup, async (request, reply) => {
    const body = signedBody(request, reply);
    if (!body) return reply;
    const { game_id: gameId, server_id: serverId, server_sign: serverSign = '', role_id: roleId, role_name: roleName } = body;
    if (!isGameId(gameId) || !isText(serverId) || !isText(serverSign) || !(isText(roleId) || isText(roleName))) {
      return badRequest(reply, 'game_id, server_id and role_id or role_name are required');
    }
    const role = await game.lookupRole({ gameId, serverId, serverSign, ...(isText(roleName) && roleName ? { roleName } : { roleId: String(roleId ?? '') }) });
    return answer(reply, 200, role ? { found: true, role: writeRole(role) } : { found: false });
  });

  app.post(CONTRACT_PATHS.accountRoles, async (request, reply) => {
    const body = signedBody(request, reply);
    if (!body) return reply;
    if (!isGameId(body.game_id) || !isText(body.uid) || body.uid === '') return badRequest(reply, 'game_id and uid are required');
    const roles = await game.rolesOfAccount(body.game_id, body.uid);
    return answer(reply, 200, { roles: roles.map(writeRole) });
  });

  app.post(CONTRACT_PATHS.mail, async (request, reply) => {
    const body = signedBody(request, reply);
    if (!body) return reply;
    const { key, game_id: gameId, server_id: serverId, role_id: roleId, title, items, kind = 'purchase', body: text = '' } = body;
    const kindOk = MAIL_KINDS.includes(kind as MailKind);
    // A code mail is text only; every other kind carries items.
    const itemsOk = Array.isArray(items) && (items.length > 0 || kind === 'ownership_code') && items.every((item: { name?: unknown; quantity?: unknown }) => isText(item?.name) && Number.isInteger(item?.quantity) && (item.quantity as number) > 0);
    if (!isText(key) || key === '' || !isGameId(gameId) || !isText(serverId) || !isText(roleId) || !isText(title, 200) || !isText(text, MAIL_BODY_MAX) || !kindOk || !itemsOk) {
      return badRequest(reply, 'key, game_id, server_id, role_id, title and items are required (kind and body as documented)');
    }
    try {
      const sent = await game.sendMail({ key, gameId, serverId, roleId, title, items: items as Array<{ name: string; quantity: number }>, kind: kind as MailKind, body: text });
      return answer(reply, 200, { mail_id: sent.mailId, created: sent.created, sent_at: sent.sentAt.toISOString() });
    } catch (error) {
      if (error instanceof SandboxMailFailure) return answer(reply, 503, { error: 'unavailable', detail: error.message });
      throw error;
    }
  });

  return app;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
