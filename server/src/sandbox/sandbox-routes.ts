import type { FastifyInstance } from 'fastify';
import type { SandboxRole } from '@topup/shared/types';
import type { Db } from '../db/db';
import { message } from '../api/messages';
import { requestLocale } from '../api/request-locale';
import { RET } from '../api/ret-codes';

export interface SandboxRoutesOptions {
  readonly db: Db;
}

interface RoleRow {
  game_id: number;
  area: string;
  server_id: string;
  role_id: string;
  role_name: string;
  uid: string;
}

interface MailRow {
  mail_id: string;
  order_id: string;
  title: string;
  items: unknown;
  sent_at: Date;
}

const GAME_ID = /^[0-9]{1,9}$/;

/**
 * The sandbox game's own pages, for developers and tests (off with SANDBOX=off):
 * GET /sandbox/roles?game_id=  every demo character of a game;
 * GET /sandbox/mailbox?game_id=&server_id=&role_id=  what a character received by in-game mail.
 */
export async function sandboxRoutes(app: FastifyInstance, { db }: SandboxRoutesOptions): Promise<void> {
  const refuse = (field: string, given: unknown, acceptLanguage: string | undefined) => {
    const locale = requestLocale(undefined, acceptLanguage);
    const isMissing = given === undefined || given === '';
    return {
      ret: isMissing ? RET.MISSING_PARAMETER : RET.INVALID_PARAMETER,
      data: null,
      msg: message(isMissing ? 'missingParameter' : 'invalidParameter', locale, field),
    };
  };

  app.get<{ Querystring: Record<string, unknown> }>('/sandbox/roles', async (request) => {
    const gameId = request.query.game_id;
    if (typeof gameId !== 'string' || !GAME_ID.test(gameId)) return refuse('game_id', gameId, request.headers['accept-language']);
    const rows = await db.query<RoleRow>(
      `SELECT r.game_id, s.area, r.server_id, r.role_id, r.role_name, r.uid
         FROM sandbox_roles r JOIN servers s ON s.game_id = r.game_id AND s.server_id = r.server_id
        WHERE r.game_id = $1
        ORDER BY s.area, s.sort, r.server_id, r.role_id`,
      [Number(gameId)],
    );
    const data: SandboxRole[] = rows.map((row) => ({ ...row }));
    return { ret: RET.OK, data, msg: 'OK' };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/sandbox/mailbox', async (request) => {
    const { game_id: gameId, server_id: serverId, role_id: roleId } = request.query;
    const acceptLanguage = request.headers['accept-language'];
    if (typeof gameId !== 'string' || !GAME_ID.test(gameId)) return refuse('game_id', gameId, acceptLanguage);
    if (typeof serverId !== 'string' || serverId === '' || serverId.length > 32) return refuse('server_id', serverId, acceptLanguage);
    if (typeof roleId !== 'string' || roleId === '' || roleId.length > 64) return refuse('role_id', roleId, acceptLanguage);
    const rows = await db.query<MailRow>(
      `SELECT mail_id::text, mail_key AS order_id, title, items, sent_at FROM sandbox_mail
        WHERE game_id = $1 AND server_id = $2 AND role_id = $3 ORDER BY sent_at DESC, mail_id DESC`,
      [Number(gameId), serverId, roleId],
    );
    return {
      ret: RET.OK,
      data: rows.map((row) => ({ ...row, sent_at: row.sent_at.toISOString() })),
      msg: 'OK',
    };
  });
}
