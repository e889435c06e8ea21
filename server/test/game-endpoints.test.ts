import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { addressProblem, endpointUrlProblem, resolvedHostProblem, STRICT_GAME_ENDPOINTS, type GameEndpointPolicy } from '../src/game/http/game-endpoint-policy';
import { GameServerError, HttpGameGateway } from '../src/game/http/http-game-gateway';
import { postToGame } from '../src/game/http/post-to-game';
import { unreachableGames } from '../src/catalogue/catalogue-game-gateway';
import type { Catalogue } from '../src/catalogue/catalogue';
import { addOperator } from '../src/ops/operator-admin';
import type { OperatorRole } from '../src/ops/roles';
import { Console, PASSWORD } from './support/ops-console-client';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const DEVELOPMENT: GameEndpointPolicy = { hosts: [], loopback: true };
const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

/** A server on this machine that counts the requests it gets and answers each with `answer`. */
async function countingServer(answer: (response: http.ServerResponse) => void): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    request.resume();
    request.on('end', () => answer(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits: () => hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('the addresses a game server may be at', () => {
  it('refuses, outside development, http, this machine and internal networks, by name or by address', () => {
    for (const url of [
      'http://127.0.0.1:6379',
      'https://127.0.0.1:5432',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/topup',
      'https://192.168.1.20',
      'https://172.16.0.5',
      'https://100.64.0.1',
      'https://[::1]:8443',
      'https://[fd00::1]',
      'https://[fe80::1]',
      'https://[::ffff:10.0.0.1]',
      'https://0.0.0.0',
      'http://game.example.com/topup',
      'https://user:pass@game.example.com',
    ]) {
      expect([url, endpointUrlProblem(url, STRICT_GAME_ENDPOINTS)]).toEqual([url, expect.any(String)]);
    }
    expect(endpointUrlProblem('https://game.example.com/topup', STRICT_GAME_ENDPOINTS)).toBeNull();
    expect(addressProblem('93.184.216.34', STRICT_GAME_ENDPOINTS)).toBeNull();
    expect(addressProblem('::ffff:127.0.0.1', STRICT_GAME_ENDPOINTS)).toMatch(/this machine or an internal network/);
  });

  it('in development allows only this machine besides public https hosts, and GAME_SERVER_HOSTS narrows the public ones', () => {
    expect(endpointUrlProblem('http://127.0.0.1:6200', DEVELOPMENT)).toBeNull();
    expect(endpointUrlProblem('http://localhost:6200', DEVELOPMENT)).toBeNull();
    expect(endpointUrlProblem('http://10.0.0.1', DEVELOPMENT)).toMatch(/https/);
    expect(endpointUrlProblem('https://169.254.169.254', DEVELOPMENT)).toMatch(/internal network/);
    const listed = { hosts: ['game.example.com'], loopback: false };
    expect(endpointUrlProblem('https://game.example.com/topup', listed)).toBeNull();
    expect(endpointUrlProblem('https://other.example.com/topup', listed)).toMatch(/GAME_SERVER_HOSTS: game\.example\.com/);
    expect(loadConfig({ NODE_ENV: 'production' }).gameEndpoints.loopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', GAME_SERVER_HOSTS: 'Game.Example.com' }).gameEndpoints).toEqual({ hosts: ['game.example.com'], loopback: true });
  });

  it('judges a name by what it resolves to: localhost is this machine', async () => {
    expect(endpointUrlProblem('https://localhost:8443', STRICT_GAME_ENDPOINTS)).toBeNull();
    expect(await resolvedHostProblem('https://localhost:8443', STRICT_GAME_ENDPOINTS)).toMatch(/^localhost resolves to .* this machine or an internal network/);
  });
});

describe('the games a store calling game servers over HTTP could not reach, checked at start', () => {
  it('names a game without a server and one whose stored server the policy refuses (saved before the policy, or straight in the database)', () => {
    const game = (gameId: number, url: string | null) => [gameId, { gameId, gameServer: url === null ? null : { url, secret: 'a-long-enough-secret' } }] as const;
    const catalogue = { games: new Map([game(18, 'https://game.example.com/topup'), game(44, null), game(232, 'http://127.0.0.1:6379'), game(134, 'https://169.254.169.254')]) } as unknown as Catalogue;
    const problems = unreachableGames(catalogue, STRICT_GAME_ENDPOINTS);
    expect(problems).toEqual([
      expect.stringMatching(/^game 44 has no game server/),
      expect.stringMatching(/^game 232's game server is refused: /),
      expect.stringMatching(/^game 134's game server is refused: /),
    ]);
    // In development this machine is allowed: the sandbox-like server of 232 passes there.
    expect(unreachableGames(catalogue, DEVELOPMENT).filter((line) => line.startsWith('game 232'))).toEqual([]);
  });
});

describe('a call to a game server', () => {
  const gateway = (url: string, policy: GameEndpointPolicy) =>
    new HttpGameGateway({ endpointOf: async () => ({ url, secret: 'a-secret-of-sixteen-chars' }), timeoutMs: 2000, lookupBackoffMs: [], policy });

  it('is never made to this machine outside development: the address is judged when called', async () => {
    const server = await countingServer((response) => response.end('{}'));
    try {
      await expect(gateway(server.url, STRICT_GAME_ENDPOINTS).sendMail({ key: 'k1', gameId: 18, serverId: '1801', roleId: '1', title: 't', items: [] })).rejects.toThrow(GameServerError);
      expect(server.hits()).toBe(0);
      // A name that resolves to this machine is refused on the address the connection would be made to.
      const port = new URL(server.url).port;
      await expect(gateway(`https://localhost:${port}`, STRICT_GAME_ENDPOINTS).sendMail({ key: 'k2', gameId: 18, serverId: '1801', roleId: '1', title: 't', items: [] })).rejects.toThrow(
        /not called: 127\.0\.0\.1 is an address of this machine|not called: ::1 is an address/,
      );
      expect(server.hits()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('follows no redirect: a 307 is a failed call, and its target is never called', async () => {
    const target = await countingServer((response) => response.end('{}'));
    const redirecting = await countingServer((response) => {
      response.writeHead(307, { location: `${target.url}/roles/lookup` });
      response.end();
    });
    try {
      const lookup = gateway(redirecting.url, DEVELOPMENT).sendMail({ key: 'k3', gameId: 18, serverId: '1801', roleId: '1', title: 't', items: [] });
      await expect(lookup).rejects.toThrow(/HTTP 307/);
      expect(redirecting.hits()).toBe(1);
      expect(target.hits()).toBe(0);
    } finally {
      await target.close();
      await redirecting.close();
    }
  });
});

describe('connections to a game server', () => {
  /** A server on this machine counting connections and requests; `answer` may leave a request unanswered. */
  async function connectionCountingServer(answer: (n: number, response: http.ServerResponse, socketRequests: number) => void) {
    let connections = 0;
    let requests = 0;
    const perSocket = new WeakMap<object, number>();
    const server = http.createServer((request, response) => {
      requests += 1;
      const onSocket = (perSocket.get(request.socket) ?? 0) + 1;
      perSocket.set(request.socket, onSocket);
      request.resume();
      request.on('end', () => answer(requests, response, onSocket));
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/mail`, connections: () => connections, requests: () => requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const policy: GameEndpointPolicy = { hosts: [], loopback: true };

  it('are kept between calls: ten calls one after another use one connection', async () => {
    const server = await connectionCountingServer((_n, response) => response.end('{"ok":true}'));
    try {
      for (let i = 0; i < 10; i += 1) expect((await postToGame(server.url, {}, '{}', 5_000, policy)).text).toBe('{"ok":true}');
      expect(server.requests()).toBe(10);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('a kept connection the game server drops before answering: the call is made once more on a new connection', async () => {
    // The second request on a connection is dropped unanswered, as a server closing an idle connection would.
    const server = await connectionCountingServer((_n, response, onSocket) => (onSocket === 2 ? response.socket?.destroy() : response.end('{"n":1}')));
    try {
      await postToGame(server.url, {}, '{}', 5_000, policy);
      const answer = await postToGame(server.url, {}, '{}', 5_000, policy);
      expect(answer.status).toBe(200);
      expect(server.requests()).toBe(3);
      expect(server.connections()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('a connection kept under one policy never serves another: the strict policy still refuses this machine', async () => {
    const server = await connectionCountingServer((_n, response) => response.end('{}'));
    try {
      await postToGame(server.url, {}, '{}', 5_000, policy);
      const port = new URL(server.url).port;
      await expect(postToGame(`https://localhost:${port}/mail`, {}, '{}', 5_000, STRICT_GAME_ENDPOINTS)).rejects.toThrow(/127\.0\.0\.1 is an address of this machine|::1 is an address/);
      await expect(postToGame(server.url, {}, '{}', 5_000, STRICT_GAME_ENDPOINTS)).rejects.toThrow();
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe.each(testDbTargets())('changing a game\'s server in the back office on $name', (target) => {
  let store: TestStore;
  let base = '';
  const emails = { merchandiser: 'merch@ops.example', admin: 'admin@ops.example' } as Record<OperatorRole, string>;
  beforeAll(async () => {
    store = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } });
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
    for (const role of ['merchandiser', 'admin'] as const) await addOperator(store.db, SETUP, { email: emails[role], role, password: PASSWORD });
  });
  afterAll(() => store.close());

  const signedIn = async (role: OperatorRole) => {
    const console = new Console(base);
    expect((await console.signIn(emails[role])).status).toBe(200);
    return console;
  };

  it('is refused to a merchandiser, and to an admin for an internal address; an admin\'s change is audited with the old and new host', async () => {
    const merchandiser = await signedIn('merchandiser');
    const [before] = await store.db.query<{ game_server_url: string }>('SELECT game_server_url FROM games WHERE game_id = 18');
    const asMerchandiser = await merchandiser.send('POST', '/catalogue/game-servers', { game_id: 18, url: 'http://127.0.0.1:6379', secret: 'x'.repeat(20), reason: 'move' });
    expect(asMerchandiser.status).toBe(403);

    const admin = await signedIn('admin');
    for (const url of ['https://169.254.169.254/latest', 'https://10.0.0.1/topup', 'http://10.0.0.1/topup', 'https://[::ffff:192.168.0.1]/']) {
      const refused = await admin.send('POST', '/catalogue/game-servers', { game_id: 18, url, secret: 'x'.repeat(20), reason: 'move' });
      expect([url, refused.status, refused.body?.code]).toEqual([url, 400, 'badGameServer']);
    }
    expect((await store.db.query<{ game_server_url: string }>('SELECT game_server_url FROM games WHERE game_id = 18'))[0]).toEqual(before);

    // The sandbox game beside the store, in development: allowed, and audited with both hosts.
    const moved = await admin.send('POST', '/catalogue/game-servers', { game_id: 18, url: 'http://127.0.0.1:6200/topup', secret: 'y'.repeat(20), reason: 'sandbox' });
    expect(moved.status).toBe(200);
    const [audit] = await store.db.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT before, after FROM audit_log WHERE action = 'catalogue.game_server' AND target_id = '18' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.after).toMatchObject({ host: '127.0.0.1:6200', secret_changed: true });
    expect(audit?.before).toHaveProperty('host', before!.game_server_url ? new URL(before!.game_server_url).host : '');
    expect(JSON.stringify(audit)).not.toContain('y'.repeat(20));
  });
});
