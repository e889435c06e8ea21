import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db';
import { runContractSuite, type ContractTarget } from '../src/game/http/contract-suite';
import { buildSandboxGameServer, SANDBOX_GAME_DEV_SECRET } from '../src/http/sandbox/sandbox-game-server';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const [pglite] = testDbTargets();
const REPO = path.resolve(__dirname, '..', '..');

describe('the game-server contract suite', () => {
  let db: Db;
  let game: FastifyInstance;
  let target: ContractTarget;
  beforeAll(async () => {
    db = await pglite!.open();
    await seedDemo(db);
    game = await buildSandboxGameServer({ db });
    await game.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(game.server.address() as AddressInfo).port}`;
    target = { url, secret: SANDBOX_GAME_DEV_SECRET, gameId: 18, serverId: '1801', serverSign: '', roleId: '1801001', uid: '1800001' };
  });
  afterAll(async () => {
    await game?.close();
    await db?.close();
  });

  it('passes the sandbox game, every check', async () => {
    const checks = await runContractSuite(target);
    expect(checks.length).toBeGreaterThanOrEqual(9);
    expect(checks.filter((check) => !check.passed)).toEqual([]);
  });

  it('fails a server that answers 200 to anything, unsigned, naming each breach', async () => {
    const lax = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"found":false,"roles":[]}'));
    await new Promise<void>((resolve) => lax.listen(0, '127.0.0.1', () => resolve()));
    try {
      const checks = await runContractSuite({ ...target, url: `http://127.0.0.1:${(lax.address() as AddressInfo).port}` });
      const failed = checks.filter((check) => !check.passed).map((check) => check.name);
      expect(failed).toEqual(expect.arrayContaining(['health answers ok, signed', 'an unsigned request is refused with 401', 'a request signed ten minutes ago (a replay) is refused with 401']));
      expect(checks.find((check) => check.name === 'health answers ok, signed')?.detail).toMatch(/signature is missing/);
    } finally {
      await new Promise((resolve) => lax.close(resolve));
    }
  });

  it('fails the sandbox game checked with the wrong secret', async () => {
    const checks = await runContractSuite({ ...target, secret: 'a publisher typo' });
    expect(checks.filter((check) => check.passed).map((check) => check.name)).toEqual(['an unsigned request is refused with 401', 'a request signed with another secret is refused with 401', 'a request signed ten minutes ago (a replay) is refused with 401']);
  });

  it('runs as `npm run test:game-contract -- <url>`: exit 0 on the sandbox game, 1 on a server that is not there', async () => {
    // Asynchronous: the sandbox game answering it runs in this process.
    const run = (url: string) =>
      new Promise<{ status: number; stdout: string }>((resolve) => {
        execFile(process.execPath, [path.join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/src/cli/game-contract.ts', url], { cwd: REPO, encoding: 'utf8', timeout: 30_000 }, (error, stdout) =>
          resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout }),
        );
      });
    const passing = await run(target.url);
    expect(passing.stdout).toMatch(/✓ all \d+ checks passed\./);
    expect(passing.status).toBe(0);
    const failing = await run('http://127.0.0.1:9');
    expect(failing.stdout).toMatch(/✗ \d+ of \d+ checks failed/);
    expect(failing.status).toBe(1);
  });
});
