import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db';
import { DomainError } from '../src/domain-errors';
import { signedHeaders } from '../src/game/http/game-signature';
import { GameServerError, HttpGameGateway, type GameEndpoint } from '../src/game/http/http-game-gateway';
import { mailOf } from '../src/sandbox/game/mailbox';
import { setMailFailures } from '../src/sandbox/game/mail-failures';
import { SandboxGameGateway } from '../src/sandbox/game/sandbox-game-gateway';
import { buildSandboxGameServer, SANDBOX_GAME_DEV_SECRET } from '../src/http/sandbox/sandbox-game-server';
import { listRolesOfGame } from '../src/sandbox/game/sandbox-roles';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const urlOf = (server: http.Server | FastifyInstance['server']) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A stand-in game server: answers each request with `handle`, counting them. */
async function standIn(handle: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = http.createServer((request, response) => {
    count += 1;
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: urlOf(server), requests: () => count, close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Kept-alive sockets of the store's calls would hold the close open until they time out.
        server.closeAllConnections();
      }),
  };
}

describe.each(testDbTargets())('the game-server contract over HTTP on $name', (target) => {
  let db: Db;
  let game: FastifyInstance;
  let sandbox: GameEndpoint;
  const endpoints = new Map<number, GameEndpoint>();
  const gateway = (options: Partial<ConstructorParameters<typeof HttpGameGateway>[0]> = {}) =>
    new HttpGameGateway({ endpointOf: async (gameId) => endpoints.get(gameId) ?? null, timeoutMs: 500, lookupBackoffMs: [10, 20], policy: { hosts: [], loopback: true }, ...options });

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db);
    game = await buildSandboxGameServer({ db });
    await game.listen({ host: '127.0.0.1', port: 0 });
    sandbox = { url: urlOf(game.server), secret: SANDBOX_GAME_DEV_SECRET };
  });
  beforeEach(() => {
    endpoints.clear();
    for (const gameId of [18, 134, 284, 14]) endpoints.set(gameId, sandbox);
  });
  afterAll(async () => {
    await game?.close();
    await db?.close();
  });

  it('finds characters by ID, by name (game 284) and with the server sign (game 134) as the game itself would', async () => {
    const overHttp = gateway();
    const inProcess = new SandboxGameGateway(db);
    for (const gameId of [18, 284, 134]) {
      const [role] = await listRolesOfGame(db, gameId);
      expect(role).toBeDefined();
      const sign = gameId === 134 ? ((await db.query<{ server_sign: string }>('SELECT server_sign FROM servers WHERE game_id = $1 AND server_id = $2', [gameId, role!.server_id]))[0]?.server_sign ?? '') : '';
      const query = { gameId, serverId: role!.server_id, serverSign: sign, ...(gameId === 284 ? { roleName: role!.role_name.toUpperCase() } : { roleId: role!.role_id }) };
      const found = await overHttp.lookupRole(query);
      expect(found).toEqual(await inProcess.lookupRole(query));
      expect(found?.roleId).toBe(role!.role_id);
    }
    expect(await overHttp.lookupRole({ gameId: 18, serverId: '1801', serverSign: '', roleId: '1801999' })).toBeNull();
    // Game 134 without its server's sign: no such character, as the game answers.
    const [signed] = await listRolesOfGame(db, 134);
    expect(await overHttp.lookupRole({ gameId: 134, serverId: signed!.server_id, serverSign: '', roleId: signed!.role_id })).toBeNull();
  });

  it("lists an account's characters, most recently played first", async () => {
    const roles = await gateway().rolesOfAccount(18, '1800001');
    expect(roles.length).toBeGreaterThan(1);
    expect(roles).toEqual(await new SandboxGameGateway(db).rolesOfAccount(18, '1800001'));
  });

  it('delivers a mail once per key, however often it is sent', async () => {
    const mail = { key: `http-once-${target.name}`, gameId: 18, serverId: '1801', roleId: '1801004', title: 'Your purchase', items: [{ name: 'Dragon Gems', quantity: 300 }] };
    const first = await gateway().sendMail(mail);
    const again = await gateway().sendMail(mail);
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, mailId: first.mailId });
    expect((await mailOf(db, { gameId: 18, serverId: '1801', roleId: '1801004' })).filter((m) => m.title === 'Your purchase')).toHaveLength(1);
  });

  it('a mail the game fails is an error the outbox retries; the game answers 503', async () => {
    await setMailFailures(db, 1);
    const mail = { key: `http-fail-${target.name}`, gameId: 18, serverId: '1801', roleId: '1801004', title: 'Retried', items: [{ name: 'Dragon Gems', quantity: 60 }] };
    await expect(gateway().sendMail(mail)).rejects.toThrow(/HTTP 503/);
    expect((await gateway().sendMail(mail)).created).toBe(true);
  });

  it('the game refuses a request signed with another secret or replayed late, and the store believes no unsigned answer', async () => {
    const body = JSON.stringify({ game_id: 18, server_id: '1801', role_id: '1801001' });
    const post = (headers: Record<string, string>) => fetch(`${sandbox.url}/roles/lookup`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    expect((await post(signedHeaders('another secret', body))).status).toBe(401);
    expect((await post(signedHeaders(SANDBOX_GAME_DEV_SECRET, body, Date.now() - 10 * 60_000))).status).toBe(401);
    expect((await post({})).status).toBe(401);
    expect((await post(signedHeaders(SANDBOX_GAME_DEV_SECRET, body))).status).toBe(200);

    endpoints.set(18, { url: sandbox.url, secret: 'not the game secret' });
    const refused = gateway().lookupRole({ gameId: 18, serverId: '1801', serverSign: '', roleId: '1801001' });
    await expect(refused).rejects.toEqual(new DomainError('gameUnavailable'));
  });

  it('answers a player "try again" when the game is down, never answers, or talks garbage', async () => {
    const garbage = await standIn((_request, _body, response) => response.writeHead(200, { 'content-type': 'application/json', ...signedHeaders(SANDBOX_GAME_DEV_SECRET, 'nonsense') }).end('nonsense'));
    const wrongShape = await standIn((_request, _body, response) => {
      const raw = JSON.stringify({ found: true, role: { role_id: 7 } });
      response.writeHead(200, { 'content-type': 'application/json', ...signedHeaders(SANDBOX_GAME_DEV_SECRET, raw) }).end(raw);
    });
    const slow = await standIn(() => undefined);
    const down = await standIn(() => undefined);
    await down.close();
    try {
      const query = { gameId: 18, serverId: '1801', serverSign: '', roleId: '1801001' };
      for (const server of [garbage, wrongShape, slow, down]) {
        endpoints.set(18, { url: server.url, secret: SANDBOX_GAME_DEV_SECRET });
        // Each try waits at most 500 ms: a game that never answers is given up, not waited for.
        await expect(gateway().lookupRole(query)).rejects.toEqual(new DomainError('gameUnavailable'));
      }
      // A lookup is tried three times in all.
      expect(garbage.requests()).toBe(3);
    } finally {
      await Promise.all([garbage.close(), wrongShape.close(), slow.close()]);
    }
  });

  it('a mail delivered whose answer is lost is not delivered again by the retry', async () => {
    // Forwards to the sandbox game, and the first time holds the answer past the store's wait.
    let held = false;
    const lossy = await standIn((request, body, response) => {
      void fetch(`${sandbox.url}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-topup-timestamp': String(request.headers['x-topup-timestamp']), 'x-topup-signature': String(request.headers['x-topup-signature']) }, body }).then(async (answer) => {
        const text = await answer.text();
        const send = () => response.writeHead(answer.status, { 'content-type': 'application/json', 'x-topup-timestamp': answer.headers.get('x-topup-timestamp') ?? '', 'x-topup-signature': answer.headers.get('x-topup-signature') ?? '' }).end(text);
        if (held) return send();
        held = true;
        setTimeout(send, 1500);
      });
    });
    try {
      endpoints.set(18, { url: lossy.url, secret: SANDBOX_GAME_DEV_SECRET });
      const mail = { key: `http-lost-${target.name}`, gameId: 18, serverId: '1801', roleId: '1801005', title: 'Lost answer', items: [{ name: 'Dragon Gems', quantity: 980 }] };
      await expect(gateway().sendMail(mail)).rejects.toThrow(GameServerError);
      const retry = await gateway().sendMail(mail);
      expect(retry.created).toBe(false);
      expect((await mailOf(db, { gameId: 18, serverId: '1801', roleId: '1801005' })).filter((m) => m.title === 'Lost answer')).toHaveLength(1);
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await lossy.close();
    }
  });

  it('opens a failing game\'s breaker (answering at once, not calling it), closes it when the game is back, and leaves other games alone', async () => {
    let failing = true;
    const flaky = await standIn((request, body, response) => {
      if (failing) return void response.writeHead(500).end();
      const raw = JSON.stringify({ found: false });
      response.writeHead(200, { 'content-type': 'application/json', ...signedHeaders(SANDBOX_GAME_DEV_SECRET, raw) }).end(raw);
    });
    try {
      endpoints.set(14, { url: flaky.url, secret: SANDBOX_GAME_DEV_SECRET });
      const shared = gateway({ breakerFailures: 3, breakerOpenMs: 300, lookupBackoffMs: [] });
      const lookUp14 = () => shared.lookupRole({ gameId: 14, serverId: '1401', serverSign: '', roleId: '1' });
      for (let n = 0; n < 3; n += 1) await expect(lookUp14()).rejects.toEqual(new DomainError('gameUnavailable'));
      expect(flaky.requests()).toBe(3);
      expect(shared.isOpen(14)).toBe(true);
      // Open: refused without a call.
      await expect(lookUp14()).rejects.toEqual(new DomainError('gameUnavailable'));
      expect(flaky.requests()).toBe(3);
      // Another game is not slowed or refused.
      const [role] = await listRolesOfGame(db, 18);
      expect((await shared.lookupRole({ gameId: 18, serverId: role!.server_id, serverSign: '', roleId: role!.role_id }))?.roleId).toBe(role!.role_id);
      // Back: after the open time one call tries, and its success closes the breaker.
      failing = false;
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await lookUp14()).toBeNull();
      expect(shared.isOpen(14)).toBe(false);
      expect(flaky.requests()).toBe(4);
    } finally {
      await flaky.close();
    }
  });

  it('a game without a game server set is unavailable, not a crash', async () => {
    endpoints.delete(18);
    await expect(gateway().lookupRole({ gameId: 18, serverId: '1801', serverSign: '', roleId: '1801001' })).rejects.toEqual(new DomainError('gameUnavailable'));
    await expect(gateway().healthy(18)).resolves.toBe(false);
    endpoints.set(18, sandbox);
    await expect(gateway().healthy(18)).resolves.toBe(true);
  });
});
