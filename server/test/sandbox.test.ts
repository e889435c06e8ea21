import type { SandboxRole } from '@topup/shared/types';
import { SandboxGameGateway } from '../src/sandbox/game/sandbox-game-gateway';
import { buildSandboxGameServer, SANDBOX_GAME_DEV_SECRET } from '../src/http/sandbox/sandbox-game-server';
import { HttpGameGateway } from '../src/game/http/http-game-gateway';
import { DEMO_GAMES } from '../src/sandbox/seed/demo-games';
import { demoRoles } from '../src/sandbox/seed/demo-roles';
import { testDbTargets } from './support/test-db';
import { call, openTestStore, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

describe.each(testDbTargets())('sandbox game on $name', (target) => {
  let store: TestStore;
  let gateway: SandboxGameGateway;
  beforeAll(async () => {
    store = await openTestStore(target);
    gateway = new SandboxGameGateway(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  const get = (url: string) => store.app.inject({ method: 'GET', url });

  describe('GET /sandbox/roles', () => {
    it('lists three characters on every server of the game, the same on every install', async () => {
      const response = await get('/sandbox/roles?game_id=134');
      const { ret, data } = response.json() as { ret: number; data: SandboxRole[] };
      expect(ret).toBe(0);
      expect(data).toHaveLength(6 * 3);
      expect(data[0]).toEqual({
        game_id: 134,
        area: 'kr',
        server_id: '13431',
        role_id: '13431001',
        role_name: expect.any(String),
        uid: '13400001',
      });
      const expected = demoRoles(DEMO_GAMES.find((g) => g.gameId === 134)!).map((r) => r.roleId).sort();
      expect(data.map((r) => r.role_id).sort()).toEqual(expected);
    });

    it('refuses a missing or malformed game_id', async () => {
      expect((await get('/sandbox/roles')).json()).toMatchObject({ ret: 1002, msg: 'Missing parameter: game_id' });
      expect((await get('/sandbox/roles?game_id=abc')).json()).toMatchObject({ ret: 1003 });
      expect((await get('/sandbox/roles?game_id=999')).json()).toEqual({ ret: 0, data: [], msg: 'OK' });
    });
  });

  describe('GameGateway', () => {
    it('looks a character up by id, by name (any case), and needs the sign of a signed server', async () => {
      expect(await gateway.lookupRole({ gameId: 18, serverId: '1801', serverSign: '', roleId: '1801002' })).toMatchObject({
        roleName: 'Borin Ironfist',
        uid: '1800002',
      });
      expect(await gateway.lookupRole({ gameId: 284, serverId: '28402', serverSign: '', roleName: 'ELOWEN SWIFT' })).toMatchObject({
        roleId: '28402002',
      });
      const [server] = await store.db.query<{ server_sign: string }>(`SELECT server_sign FROM servers WHERE server_id = '13401'`);
      const query = { gameId: 134, serverId: '13401', roleId: '13401001' };
      expect(await gateway.lookupRole({ ...query, serverSign: server!.server_sign })).not.toBeNull();
      expect(await gateway.lookupRole({ ...query, serverSign: '' })).toBeNull();
    });

    it('sends a mail once per key, however often and however concurrently it is sent', async () => {
      const mail = {
        key: 'order-test-1',
        gameId: 18,
        serverId: '1801',
        roleId: '1801001',
        title: 'Your 300 Dragon Gems',
        items: [{ name: '300 Dragon Gems', quantity: 1 }],
      };
      const results = await Promise.all(Array.from({ length: 10 }, () => gateway.sendMail(mail)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.mailId)).size).toBe(1);
      const again = await gateway.sendMail({ ...mail, title: 'changed' });
      expect(again).toMatchObject({ created: false, mailId: results[0]!.mailId });

      const response = await get('/sandbox/mailbox?game_id=18&server_id=1801&role_id=1801001');
      const { data } = response.json() as { data: Array<{ order_id: string; title: string; items: unknown }> };
      expect(data.filter((m) => m.order_id === 'order-test-1')).toEqual([
        expect.objectContaining({ title: 'Your 300 Dragon Gems', items: mail.items }),
      ]);
    });

    it("gives an account's characters most recently played first", async () => {
      const roles = await gateway.rolesOfAccount(44, '4400001');
      expect(roles.map((r) => r.serverId).sort()).toEqual(['4401', '4402', '4411', '4412', '4431', '4432']);
      const times = roles.map((r) => r.lastLoginAt.getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });
  });
});

describe.each(testDbTargets())('SANDBOX=off on $name', (target) => {
  it('serves no sandbox route, while the store API keeps using the sandbox game', async () => {
    const store = await openTestStore(target, { sandboxRoutes: false });
    try {
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/roles?game_id=18' })).statusCode).toBe(404);
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/mailbox?game_id=18&server_id=1801&role_id=1801001' })).statusCode).toBe(404);
      const role = await call(store.app, 'getRoleInfo', { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' });
      expect(role.ret).toBe(0);
    } finally {
      await store.close();
    }
  });
});

describe.each(testDbTargets())('the sandbox game outage switch on $name', (target) => {
  it('down, hang and slow reach the store as a game that fails, never answers, or answers late; off heals it; nonsense is refused', async () => {
    const store = await openTestStore(target);
    const lookup = () => call(store.app, 'getRoleInfo', { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' });
    const outage = (body: object) => store.app.inject({ method: 'POST', url: '/sandbox/game-outage', payload: body });
    try {
      expect((await outage({ mode: 'down' })).json()).toEqual({ ret: 0, data: { mode: 'down', delay_ms: null }, msg: 'OK' });
      expect((await lookup()).ret).toBe(1020);
      await outage({ mode: 'slow', delay_ms: 150 });
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/game-outage' })).json().data).toEqual({ mode: 'slow', delay_ms: 150 });
      expect((await lookup()).ret).toBe(0);
      // A game that never answers, or answers past the time limit, as the store's gateway meets it (300 ms limit, no retry).
      const game = await buildSandboxGameServer({ db: store.db });
      await game.listen({ host: '127.0.0.1', port: 0 });
      const address = game.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const gateway = new HttpGameGateway({ endpointOf: async () => ({ url, secret: SANDBOX_GAME_DEV_SECRET }), timeoutMs: 300, lookupBackoffMs: [], breakerFailures: 1000, policy: { hosts: [], loopback: true } });
      try {
        const role = { gameId: 18, serverId: '1801', serverSign: '', roleId: '1801001' };
        await outage({ mode: 'hang' });
        await expect(gateway.lookupRole(role)).rejects.toThrow('gameUnavailable');
        await outage({ mode: 'hang', delay_ms: 1_000 });
        await expect(gateway.lookupRole(role)).rejects.toThrow('gameUnavailable');
        await outage({ mode: 'slow', delay_ms: 50 });
        expect((await gateway.lookupRole(role))?.roleId).toBe('1801001');
        // A call still hanging when the game closes does not hold the close.
        await outage({ mode: 'hang' });
        const hanging = fetch(`${url}/health`, { method: 'POST', body: '{}' }).catch(() => 'cut');
        await new Promise((resolve) => setTimeout(resolve, 100));
        await game.close();
        expect(await hanging).toBeDefined();
      } finally {
        await game.close();
      }
      await outage({ mode: 'off' });
      expect((await lookup()).ret).toBe(0);
      for (const bad of [{ mode: 'broken' }, { mode: 'slow' }, { mode: 'hang', delay_ms: -1 }, { mode: 'hang', delay_ms: 'soon' }, { mode: 'slow', delay_ms: 10_000_000 }]) {
        const refused = await outage(bad);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().ret).toBe(1003);
      }
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/game-outage' })).json().data.mode).toBe('off');
    } finally {
      await store.close();
    }
  });
});
