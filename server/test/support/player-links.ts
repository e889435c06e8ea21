import type { FastifyInstance } from 'fastify';
import { sign } from '@topup/shared/sign';
import { TEST_APP_KEY, type Answer } from './test-app';
import { until } from './until';

/** A character of the demo: Aria on Emberwing Frontier NA-1 (account 1800001). */
export const ARIA_CHARACTER = { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' } as const;

export interface CookieAnswer<T = unknown> extends Answer<T> {
  /** The Set-Cookie headers of the answer. */
  readonly setCookies: string[];
}

/** Posts a signed action with a browser's cookies (and a client address), giving the answer and its Set-Cookie headers. */
export async function callWithCookie<T = unknown>(
  app: FastifyInstance,
  action: string,
  payload: Record<string, string | number>,
  cookie = '',
  remoteAddress = '127.0.0.1',
  language = '',
): Promise<CookieAnswer<T>> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${action}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) },
    payload: JSON.stringify({ ...payload, sign: sign(payload, TEST_APP_KEY) }),
    remoteAddress,
  });
  const header = response.headers['set-cookie'];
  const setCookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return { status: response.statusCode, ...(response.json() as { ret: number; data: T; msg: string }), setCookies };
}

/** The link cookie a browser keeps from an answer ("name=value"), or null when the answer set none. */
export function linkCookieOf(answer: CookieAnswer): string | null {
  const set = answer.setCookies.find((cookie) => cookie.startsWith('topup_link='));
  return set ? set.split(';')[0]! : null;
}

export interface SandboxMail {
  readonly mail_id: string;
  readonly order_id: string;
  readonly kind: string;
  readonly title: string;
  readonly body: string;
  readonly items: Array<{ name: string; quantity: number }>;
}

/** What a character's mailbox holds in the sandbox game, newest first, as the sandbox shows it. */
export async function sandboxMailbox(app: FastifyInstance, character: { game_id: number; server_id: string; role_id: string }): Promise<SandboxMail[]> {
  const response = await app.inject({ method: 'GET', url: '/sandbox/mailbox', query: { game_id: String(character.game_id), server_id: character.server_id, role_id: character.role_id } });
  return (response.json() as { data: SandboxMail[] }).data;
}

/** Waits for the character's newest ownership code mail other than those in `seen`, and reads its code. */
export async function codeFromMailbox(app: FastifyInstance, character: { game_id: number; server_id: string; role_id: string }, seen: readonly string[] = []): Promise<{ code: string; mail: SandboxMail }> {
  const mail = await until('an ownership code mail', async () =>
    (await sandboxMailbox(app, character)).find((one) => one.kind === 'ownership_code' && !seen.includes(one.mail_id)),
  );
  const code = /\b([0-9]{6})\b/.exec(mail.body)?.[1];
  if (!code) throw new Error(`no code in "${mail.body}"`);
  return { code, mail };
}

let made = 0;

/** A new character of game 18 on NA-1 in the sandbox game (a test's own: its codes and links meet no other test's). */
export async function newSandboxCharacter(app: FastifyInstance): Promise<{ game_id: number; area: string; server_id: string; role_id: string; uid: string }> {
  made += 1;
  const suffix = `${process.pid % 1000}${String(made).padStart(3, '0')}`;
  const character = { game_id: 18, area: 'us', server_id: '1801', role_id: `18019${suffix}`, uid: `18009${suffix}` };
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/roles',
    payload: { game_id: 18, server_id: '1801', role_id: character.role_id, role_name: `Tester ${made}`, uid: character.uid },
  });
  if (response.statusCode !== 200) throw new Error(`making a sandbox character: ${response.body}`);
  return character;
}

/** Links a browser to the character as a player does: a code asked for, read in the game's mailbox, typed. Gives the cookie. */
export async function linkCharacter(app: FastifyInstance, character: { game_id: number; area: string; server_id: string; role_id: string; uid: string }, cookie = ''): Promise<string> {
  const seen = (await sandboxMailbox(app, character)).map((mail) => mail.mail_id);
  const sent = await callWithCookie(app, 'sendOwnershipCode', character, cookie);
  if (sent.ret !== 0) throw new Error(`sendOwnershipCode: ${sent.ret} ${sent.msg}`);
  const { code } = await codeFromMailbox(app, character, seen);
  const { game_id, area, server_id, role_id } = character;
  const confirmed = await callWithCookie(app, 'confirmOwnershipCode', { game_id, area, server_id, role_id, code }, cookie);
  const linked = linkCookieOf(confirmed);
  if (confirmed.ret !== 0 || !linked) throw new Error(`confirmOwnershipCode: ${confirmed.ret} ${confirmed.msg}`);
  return linked;
}
