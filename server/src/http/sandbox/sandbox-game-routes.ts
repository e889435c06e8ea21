import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { mailOf } from '../../sandbox/game/mailbox';
import { listRolesOfGame, upsertRoles } from '../../sandbox/game/sandbox-roles';

/**
 * The answer to a query field that is missing (`given` undefined or "") or malformed, in the store
 * API's envelope and the request's language. The API provides it (app.ts wires it in), so that
 * these pages answer like the API without the sandbox depending on it.
 */
export type FieldRefusal = (field: string, given: unknown, acceptLanguage: string | undefined) => unknown;

export interface SandboxGameRoutesOptions {
  readonly db: Db;
  readonly refuse: FieldRefusal;
}

const GAME_ID = /^[0-9]{1,9}$/;

/**
 * The sandbox game's own pages, for developers and tests (off with SANDBOX=off):
 * GET /sandbox/roles?game_id=  every demo character of a game;
 * GET /sandbox/mailbox?game_id=&server_id=&role_id=  what a character received by in-game mail;
 * POST /sandbox/roles {game_id, server_id, role_id, role_name, uid}  a character of a game made in the
 * back office (its game server is the sandbox until the publisher sets its own), for trying it out.
 */
export async function sandboxGameRoutes(app: FastifyInstance, { db, refuse }: SandboxGameRoutesOptions): Promise<void> {
  app.get<{ Querystring: Record<string, unknown> }>('/sandbox/roles', async (request) => {
    const gameId = request.query.game_id;
    if (typeof gameId !== 'string' || !GAME_ID.test(gameId)) return refuse('game_id', gameId, request.headers['accept-language']);
    return { ret: 0, data: await listRolesOfGame(db, Number(gameId)), msg: 'OK' };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/sandbox/mailbox', async (request) => {
    const { game_id: gameId, server_id: serverId, role_id: roleId } = request.query;
    const acceptLanguage = request.headers['accept-language'];
    if (typeof gameId !== 'string' || !GAME_ID.test(gameId)) return refuse('game_id', gameId, acceptLanguage);
    if (typeof serverId !== 'string' || serverId === '' || serverId.length > 32) return refuse('server_id', serverId, acceptLanguage);
    if (typeof roleId !== 'string' || roleId === '' || roleId.length > 64) return refuse('role_id', roleId, acceptLanguage);
    const mail = await mailOf(db, { gameId: Number(gameId), serverId, roleId });
    return { ret: 0, data: mail.map((row) => ({ ...row, sent_at: row.sent_at.toISOString() })), msg: 'OK' };
  });

  app.post<{ Body: { game_id: number; server_id: string; role_id: string; role_name: string; uid: string } }>(
    '/sandbox/roles',
    {
      schema: {
        body: {
          type: 'object',
          required: ['game_id', 'server_id', 'role_id', 'role_name', 'uid'],
          properties: {
            game_id: { type: 'integer', minimum: 1, maximum: 999_999_999 },
            server_id: { type: 'string', minLength: 1, maxLength: 32 },
            role_id: { type: 'string', minLength: 1, maxLength: 64 },
            role_name: { type: 'string', minLength: 1, maxLength: 64 },
            uid: { type: 'string', minLength: 1, maxLength: 64 },
          },
          additionalProperties: false,
        },
      },
      // A malformed body is answered like the pages' other refusals, never as a server error.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) return reply.code(400).send({ ret: 1, data: null, msg: request.validationError.message });
      const { game_id: gameId, server_id: serverId, role_id: roleId, role_name: roleName, uid } = request.body;
      const servers = await db.query('SELECT 1 FROM servers WHERE game_id = $1 AND server_id = $2', [gameId, serverId]);
      if (servers.length === 0) return reply.code(404).send({ ret: 1, data: null, msg: `Game ${gameId} has no server ${serverId}` });
      await db.transaction((tx) => upsertRoles(tx, [{ gameId, serverId, roleId, roleName, uid, lastLoginAt: new Date() }]));
      return { ret: 0, data: { game_id: gameId, server_id: serverId, role_id: roleId, role_name: roleName, uid }, msg: 'OK' };
    },
  );
}
