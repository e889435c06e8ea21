import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCatalogueFile, exportCatalogue, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(180_000);

const OPS_TOKEN = 'ops-token-for-tests-0123456789';
const SERVER_DIR = path.resolve(__dirname, '..');
const headers = { authorization: `Bearer ${OPS_TOKEN}`, 'x-ops-actor': 'catalogue-bot', 'content-type': 'application/json' };

type EditableFile = { -readonly [K in keyof CatalogueFile]: unknown[] } & { format: number };

/** The demo catalogue with `rows` bundles that break the schema (each row several ways). */
const withBadBundles = (file: CatalogueFile, rows: number): EditableFile => {
  const copy = JSON.parse(JSON.stringify(file)) as EditableFile;
  copy.bundles = Array.from({ length: rows }, (_, index) => ({ product_id: `bad-${index}`, price_minor: -1 }));
  return copy;
};

/** `npm run catalogue -- check <file>`: its exit code and what it printed. */
function runCheck(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/catalogue.ts', 'check', file], { cwd: SERVER_DIR, env: { ...process.env, INIT_CWD: SERVER_DIR } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.each(testDbTargets())('a catalogue file\'s checks are bounded on $name', (target) => {
  let demo: CatalogueFile;
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target, { opsToken: OPS_TOKEN });
    demo = await exportCatalogue(store.db);
  });
  afterAll(() => store.close());

  it('refuses a list longer than its maximum without looking at its rows, and lists the first problems with a count of the rest', () => {
    const long = JSON.parse(JSON.stringify(demo)) as EditableFile;
    long.store_settings = Array.from({ length: 1001 }, (_, index) => ({ key: `k${index}`, value: '' }));
    expect(checkCatalogueFile(long)).toEqual(['/store_settings: more rows than a catalogue file may hold (at most 1,000)']);

    const problems = checkCatalogueFile(withBadBundles(demo, 2000));
    expect(problems).toHaveLength(101);
    expect(problems[0]).toMatch(/^\/bundles\/0: must have required property/);
    expect(problems[100]).toMatch(/^… and [\d,]+ more problems \([\d,]+ in all\)$/);
    const all = Number(/\(([\d,]+) in all\)/.exec(problems[100]!)![1]!.replace(/,/g, ''));
    expect(all).toBeGreaterThanOrEqual(2000 * 2);
  });

  it('keeps a discount code\'s lists unique in linear time: a repeated bundle is still found', () => {
    const file = JSON.parse(JSON.stringify(demo)) as EditableFile;
    const code = (file.discount_codes as Array<Record<string, unknown>>)[0]!;
    code.product_ids = ['18-us-currency-300', '18-us-currency-300'];
    code.game_ids = [18, 18];
    expect(checkCatalogueFile(file)).toEqual([
      expect.stringMatching(/^\/discount_codes\/0\/game_ids: must NOT have duplicate items/),
      expect.stringMatching(/^\/discount_codes\/0\/product_ids: must NOT have duplicate items/),
    ]);
  });

  it('answers other requests while a large bad file is being checked, and the check lists its first problems and counts the rest', async () => {
    const big = withBadBundles(demo, 40_000);
    let checked = false;
    const check = store.app.inject({ method: 'POST', url: '/ops/api/catalogue/check', headers, payload: JSON.stringify(big) }).then((answer) => {
      checked = true;
      return answer;
    });
    // Let the check's request reach its handler (a few turns of the event loop: a check that held the
    // loop would finish before these turns come back), then send another request.
    for (let turn = 0; turn < 30; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(checked).toBe(false);
    const other = await store.app.inject({ method: 'GET', url: '/ops/api/catalogue', headers });
    expect(other.statusCode).toBe(200);
    // Answered while the check is still under way.
    expect(checked).toBe(false);
    const answer = await check;
    expect(answer.statusCode).toBe(200);
    const { problems } = answer.json<{ problems: string[] }>();
    expect(problems).toHaveLength(101);
    expect(problems[100]).toMatch(/^… and [\d,]+ more problems/);

    // An import of the same file is refused with the same bounded list, and changes nothing.
    const before = (await store.app.inject({ method: 'GET', url: '/ops/api/catalogue', headers })).json<{ current: number }>().current;
    const imported = await store.app.inject({ method: 'POST', url: '/ops/api/catalogue/import', headers, payload: JSON.stringify({ file: big, reason: 'too big', request_key: 'bounds-import-1' }) });
    expect(imported.statusCode).toBe(400);
    expect(imported.json<{ problems: string[] }>().problems).toHaveLength(101);
    expect((await store.app.inject({ method: 'GET', url: '/ops/api/catalogue', headers })).json<{ current: number }>().current).toBe(before);
  });

  it('refuses a body over the file size limit with 413, not a 5xx', async () => {
    const huge = `{"format":1,"pad":"${'x'.repeat(11 * 1024 * 1024)}"}`;
    const answer = await store.app.inject({ method: 'POST', url: '/ops/api/catalogue/check', headers, payload: huge });
    expect(answer.statusCode).toBe(413);
  });

  it('npm run catalogue -- check: the first problems and a count of the rest; a file over the size limit is refused unread', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bounds-'));
    try {
      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(bad, JSON.stringify(withBadBundles(demo, 2000)));
      const checked = await runCheck(bad);
      expect(checked.code).toBe(1);
      expect(checked.output).toMatch(/… and [\d,]+ more problems/);
      expect(checked.output.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(101);

      const huge = path.join(dir, 'huge.json');
      fs.writeFileSync(huge, `{"format":1,"pad":"${'x'.repeat(11 * 1024 * 1024)}"}`);
      const refused = await runCheck(huge);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/a catalogue file has at most 10,485,760/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
