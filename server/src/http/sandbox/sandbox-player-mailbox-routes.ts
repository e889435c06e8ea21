import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { playerMailOf } from '../../sandbox/game/mailbox';
import type { FieldRefusal } from './sandbox-game-routes';

export interface SandboxPlayerMailboxOptions {
  readonly db: Db;
  readonly refuse: FieldRefusal;
}

const GAME_ID = /^[0-9]{1,9}$/;

/**
 * GET /sandbox/player-mailbox?game_id=&server_id=&role_id= — a demo visitor's window on the sandbox
 * game's mailbox (decision 311): only the ownership code and daily gift mails of a sandbox character,
 * so that a visitor can link a demo character. app.ts serves it without the operators' token in a demo
 * or development store only, never in production (docs/security.md).
 */
export async function sandboxPlayerMailboxRoutes(app: FastifyInstance, { db, refuse }: SandboxPlayerMailboxOptions): Promise<void> {
  app.get<{ Querystring: Record<string, unknown> }>('/sandbox/player-mailbox', async (request, reply) => {
    const { game_id: gameId, server_id: serverId, role_id: roleId } = request.query;
    const acceptLanguage = request.headers['accept-language'];
    if (typeof gameId !== 'string' || !GAME_ID.test(gameId)) return refuse('game_id', gameId, acceptLanguage);
    if (typeof serverId !== 'string' || serverId === '' || serverId.length > 32) return refuse('server_id', serverId, acceptLanguage);
    if (typeof roleId !== 'string' || roleId === '' || roleId.length > 64) return refuse('role_id', roleId, acceptLanguage);
    const mail = await playerMailOf(db, { gameId: Number(gameId), serverId, roleId });
    void reply.header('cache-control', 'no-store');
    return { ret: 0, data: mail.map((row) => ({ ...row, sent_at: row.sent_at.toISOString() })), msg: 'OK' };
  });
}
