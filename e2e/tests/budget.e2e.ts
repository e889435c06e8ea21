import { measureFirstLoad, totalGzip } from '../../scripts/bench/first-load';
import { readBudget } from '../../scripts/check-budget';
import { useE2e } from '../support/fixture';

const budget = readBudget();

// The worker's store; measureFirstLoad opens a Chromium of its own, as `npm run build`'s budget check does.
const { server } = useE2e();

const otherRemotes = (paths: string[]) => paths.filter((p) => /\/remotes\/remote-(voucher|pccenter)\//.test(p));

describe('first-load JavaScript of the top-up page', () => {
  it(`stays within ${budget.firstLoadGzipBytes} gzip bytes on #/ and loads nothing #/ does not use`, async () => {
    const files = await measureFirstLoad(server.url, '/');
    const total = totalGzip(files);
    const report = files.map((f) => `${f.gzipBytes}\t${f.path}`).join('\n');
    expect({ total, withinBudget: total <= budget.firstLoadGzipBytes, report }).toMatchObject({ withinBudget: true });
    const paths = files.map((f) => f.path);
    expect(paths.some((p) => p.startsWith('/remotes/remote-topup/'))).toBe(true);
    expect(otherRemotes(paths)).toEqual([]);
  });

  it("loads no other remote's code for a game's page either", async () => {
    const files = await measureFirstLoad(server.url, '/?game_id=18&area=us');
    expect(otherRemotes(files.map((f) => f.path))).toEqual([]);
  });
});
