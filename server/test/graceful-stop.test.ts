import type { FastifyInstance } from 'fastify';
import { HttpGameGateway } from '../src/game/http/http-game-gateway';
import { buildSandboxGameServer, SANDBOX_GAME_DEV_SECRET } from '../src/http/sandbox/sandbox-game-server';
import { mustCreateOrder, checkout, openOrderStore } from './support/order-helpers';
import { callStore, pgliteData, startStore } from './support/store-process';
import { testDbTargets } from './support/test-db';
import { sleep, until } from './support/until';

jest.setTimeout(90_000);



describe('a store process asked to stop (SIGTERM)', () => {
  it('fails readiness first, finishes the request under way, then exits 0', async () => {
    const data = pgliteData();
    const store = await startStore({ ...data.env, STOP_DRAIN_SECONDS: '2' }, { fromTemplate: true });
    try {
      expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
      // A character lookup that takes 1.5 s: the game answers slowly.
      await fetch(`${store.url}/sandbox/game-outage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"slow","delay_ms":1500}' });
      const underWay = callStore<{ role_name: string }>(store.url, 'getRoleInfo', { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' });
      await sleep(300);
      store.child.kill('SIGTERM');
      // Draining: still answering, but not ready, so a balancer sends nothing new.
      const readiness = await until('readiness to fail', async () => {
        const response = await fetch(`${store.url}/readyz`);
        return response.status === 503 ? ((await response.json()) as { draining: boolean }) : null;
      });
      expect(readiness.draining).toBe(true);
      const answer = await underWay;
      expect(answer.ret).toBe(0);
      expect(await store.exited).toBe(0);
    } finally {
      await store.kill('SIGKILL');
      await data.remove();
    }
  });
});

describe.each(testDbTargets())('a delivery worker stopping with a job under way on $name', (target) => {
  it('keeps the lease of an attempt handing a hung game its mail until the call is abandoned, then the job is free for another instance', async () => {
    // A short claim lease (1.5 s, renewed every 0.5 s) and a long mail call (abandoned after 10 s): a lease
    // running 6 s ahead or more can only be the send's own (claimSend covers the call), never the claim's.
    // The game is a server of its own that outlives the store's close, as a publisher's does: its hung
    // call ends when the store abandons it, not when the store's own sandbox game closes.
    let endpoint: { url: string; secret: string } | null = null;
    const games = new HttpGameGateway({ endpointOf: async () => endpoint, timeoutMs: 60_000, breakerFailures: Number.MAX_SAFE_INTEGER, policy: { hosts: [], loopback: true } });
    const store = await openOrderStore(target, { leaseMs: 1_500, stopGraceMs: 300, callTimeoutMs: 10_000, giveUpAfterMs: 120_000 }, { games });
    let game: FastifyInstance | null = null;
    try {
      game = await buildSandboxGameServer({ db: store.db });
      endpoint = { url: await game.listen({ host: '127.0.0.1', port: 0 }), secret: SANDBOX_GAME_DEV_SECRET };
      const order = await mustCreateOrder(store.app);
      // The game stops answering: the mail call hangs.
      await store.app.inject({ method: 'POST', url: '/sandbox/game-outage', payload: { mode: 'hang' } });
      expect((await checkout(store, order.order_id, 'paid')).status).toBeLessThan(400);
      await until('the attempt handing the game its mail', async () => {
        const rows = await store.db.query<{ held: boolean }>(
          `SELECT leased_until > now() + interval '6 seconds' AS held FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver'`,
          [order.order_id],
        );
        return rows[0]?.held;
      });
      await store.app.close();
      // Not handed back: a refund now would stop a delivery whose mail may still land (decision 298).
      const held = await store.db.query<{ held: boolean }>(`SELECT leased_until > now() AS held FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver'`, [order.order_id]);
      expect(held).toEqual([{ held: true }]);
      // The call is abandoned, the attempt records its failure: the job waits for its next attempt, free for any instance.
      await until('the job free again', async () => {
        const rows = await store.db.query<{ free: boolean }>(
          `SELECT leased_until IS NULL OR leased_until <= now() AS free FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver'`,
          [order.order_id],
        );
        return rows[0]?.free;
      });
    } finally {
      await store.app.close();
      await game?.close();
      await store.db.close();
    }
  });
});
