import fs from 'node:fs';
import path from 'node:path';
import { measureFirstLoad } from '../../scripts/bench/first-load';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';

const budget = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'build', 'bundle-budget.json'), 'utf8')) as {
  firstLoadGzipBytes: number;
};

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('first-load budget of the top-up page', () => {
  it(`stays within ${budget.firstLoadGzipBytes} gzip bytes and loads no other remote's code`, async () => {
    const files = await measureFirstLoad(server.url, '/?game_id=18&area=us');
    const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const report = files.map((f) => `${f.gzipBytes}\t${f.path}`).join('\n');
    expect({ total, withinBudget: total <= budget.firstLoadGzipBytes, report }).toMatchObject({ withinBudget: true });
    expect(files.some((f) => f.path.startsWith('/remotes/remote-topup/'))).toBe(true);
    expect(files.filter((f) => /\/remotes\/remote-(voucher|pccenter)\//.test(f.path)).map((f) => f.path)).toEqual([]);
  });
});
