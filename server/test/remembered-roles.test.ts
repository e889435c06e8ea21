import type { GameGateway, GameRole, RoleQuery } from '../src/game/game-gateway';
import { RememberedRoles } from '../src/game/remembered-roles';
import { SandboxGameGateway } from '../src/sandbox/game/sandbox-game-gateway';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { ARIA, createOrder } from './support/order-helpers';

jest.setTimeout(60_000);

const role = (roleId: string, roleName = `Hero ${roleId}`): GameRole => ({ gameId: 18, serverId: '1801', roleId, roleName, uid: '1800001', lastLoginAt: new Date(0) });

/** A game that counts the lookups it answers, and answers them when the test says. */
function countingGame(answer: (query: RoleQuery) => Promise<GameRole | null>) {
  const asked: RoleQuery[] = [];
  const game: GameGateway = {
    lookupRole: (query) => {
      asked.push(query);
      return answer(query);
    },
    rolesOfAccount: async () => [],
    sendMail: async (mail) => ({ mailId: mail.key, created: true, sentAt: new Date(0) }),
  };
  return { game, asked };
}

const byId = (roleId: string): RoleQuery => ({ gameId: 18, serverId: '1801', serverSign: '', roleId });

describe('a gateway that remembers the characters it found', () => {
  let clock = 1_000_000;
  const now = () => clock;

  it('answers a character found less than its memory ago without asking the game, and asks again after', async () => {
    const { game, asked } = countingGame(async (query) => role(query.roleId ?? ''));
    const games = new RememberedRoles(game, { rememberMs: 60_000, now });
    expect(await games.lookupRole(byId('1801001'))).toEqual(role('1801001'));
    clock += 59_999;
    expect(await games.lookupRole(byId('1801001'))).toEqual(role('1801001'));
    expect(asked).toHaveLength(1);
    clock += 1;
    await games.lookupRole(byId('1801001'));
    expect(asked).toHaveLength(2);
    // Another character, or the same ID on another server, is its own.
    await games.lookupRole(byId('1801002'));
    await games.lookupRole({ ...byId('1801001'), serverId: '1802' });
    expect(asked).toHaveLength(4);
  });

  it('never remembers "not found" or a failing game', async () => {
    let outcome: 'missing' | 'down' | 'found' = 'missing';
    const { game, asked } = countingGame(async (query) => {
      if (outcome === 'down') throw new Error('the game is down');
      return outcome === 'found' ? role(query.roleId ?? '') : null;
    });
    const games = new RememberedRoles(game, { rememberMs: 60_000, now });
    expect(await games.lookupRole(byId('1801777'))).toBeNull();
    outcome = 'down';
    await expect(games.lookupRole(byId('1801777'))).rejects.toThrow('the game is down');
    outcome = 'found';
    expect(await games.lookupRole(byId('1801777'))).toEqual(role('1801777'));
    expect(asked).toHaveLength(3);
    expect(games.size).toBe(1);
  });

  it('shares one call among lookups of one character under way at once, a failure included', async () => {
    const answers: Array<(role: GameRole | null) => void> = [];
    const failures: Array<(error: Error) => void> = [];
    const { game, asked } = countingGame(
      () =>
        new Promise<GameRole | null>((resolve, reject) => {
          answers.push(resolve);
          failures.push(reject);
        }),
    );
    const games = new RememberedRoles(game, { rememberMs: 60_000, now });
    const together = [games.lookupRole(byId('1801001')), games.lookupRole(byId('1801001')), games.lookupRole(byId('1801001'))];
    expect(asked).toHaveLength(1);
    failures[0]!(new Error('timed out'));
    for (const lookup of together) await expect(lookup).rejects.toThrow('timed out');
    // The failure is not remembered: the next lookup asks again.
    const again = games.lookupRole(byId('1801001'));
    expect(asked).toHaveLength(2);
    answers[1]!(role('1801001'));
    expect(await again).toEqual(role('1801001'));
  });

  it('remembers a character found by name under its ID too, for the order that names it by ID', async () => {
    const { game, asked } = countingGame(async () => role('28401009', 'Kestrel'));
    const games = new RememberedRoles(game, { rememberMs: 60_000, now });
    await games.lookupRole({ gameId: 18, serverId: '1801', serverSign: '', roleName: 'Kestrel' });
    expect(await games.lookupRole({ gameId: 18, serverId: '1801', serverSign: '', roleId: '28401009' })).toMatchObject({ roleName: 'Kestrel' });
    expect(asked).toHaveLength(1);
  });

  it('forgets the oldest character first beyond its size, and remembers nothing with a memory of 0', async () => {
    const { game, asked } = countingGame(async (query) => role(query.roleId ?? ''));
    const small = new RememberedRoles(game, { rememberMs: 60_000, maxRoles: 2, now });
    for (const id of ['1', '2', '3']) await small.lookupRole(byId(id));
    expect(small.size).toBe(2);
    await small.lookupRole(byId('3'));
    await small.lookupRole(byId('2'));
    expect(asked).toHaveLength(3);
    await small.lookupRole(byId('1'));
    expect(asked).toHaveLength(4);

    const none = new RememberedRoles(game, { rememberMs: 0, now });
    await none.lookupRole(byId('9'));
    await none.lookupRole(byId('9'));
    expect(asked).toHaveLength(6);
    expect(none.size).toBe(0);
  });
});

describe.each(testDbTargets())('a character looked up, then ordered, on $name', (target) => {
  let store: TestStore;
  const asked: RoleQuery[] = [];

  beforeAll(async () => {
    // The sandbox game, counting the lookups the store sends it.
    let sandbox: SandboxGameGateway | null = null;
    const games: GameGateway = {
      lookupRole: (query) => (asked.push(query), sandbox!.lookupRole(query)),
      rolesOfAccount: (gameId, uid) => sandbox!.rolesOfAccount(gameId, uid),
      sendMail: (mail) => sandbox!.sendMail(mail),
    };
    store = await openTestStore(target, {}, { games });
    sandbox = new SandboxGameGateway(store.db);
  });
  afterAll(() => store.close());

  it('asks the game once: the order is checked against the lookup a moment before', async () => {
    const info = await call<{ role_name: string; uid: string }>(store.app, 'getRoleInfo', { game_id: 18, area: 'us', server_id: ARIA.server_id, role_id: ARIA.role_id });
    expect(info).toMatchObject({ ret: 0, data: { uid: ARIA.uid } });
    const order = await createOrder(store.app);
    expect(order.ret).toBe(0);
    expect(asked.filter((query) => query.roleId === ARIA.role_id)).toHaveLength(1);
    // A character the game does not know is asked for every time, and never ordered.
    for (let tries = 0; tries < 2; tries += 1) {
      expect((await createOrder(store.app, { role_id: '1801999' })).ret).not.toBe(0);
    }
    expect(asked.filter((query) => query.roleId === '1801999')).toHaveLength(2);
  });
});
