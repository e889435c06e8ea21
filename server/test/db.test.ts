import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/db';
import { migrate, readMigrations, splitStatements } from '../src/db/migrate';
import { seedDemo, seedIfEmpty } from '../src/sandbox/seed/seed-demo';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

describe.each(testDbTargets())('database on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('records every migration once and applies nothing the second time', async () => {
    const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(readMigrations().map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
  });

  it('seeds the demo on an empty database, and seeding again adds nothing twice', async () => {
    expect(await seedIfEmpty(db)).toBe(true);
    expect(await seedIfEmpty(db)).toBe(false);
    const count = async () =>
      (
        await db.query<{ games: number; bundles: number; roles: number; orders: number; mail: number }>(
          `SELECT (SELECT count(*)::int FROM games) AS games, (SELECT count(*)::int FROM bundles) AS bundles,
                  (SELECT count(*)::int FROM sandbox_roles) AS roles, (SELECT count(*)::int FROM orders) AS orders,
                  (SELECT count(*)::int FROM sandbox_mail) AS mail`,
        )
      )[0];
    const first = await count();
    await seedDemo(db);
    expect(await count()).toEqual(first);
    expect(first?.games).toBeGreaterThanOrEqual(10);
    expect(first?.orders).toBe(first?.mail);
  });

  it('restores a changed demo row when seeded again', async () => {
    await db.query(`UPDATE bundles SET product_name = 'changed' WHERE product_id = '18-us-currency-60'`);
    await seedDemo(db);
    const rows = await db.query<{ product_name: string }>(`SELECT product_name FROM bundles WHERE product_id = '18-us-currency-60'`);
    expect(rows[0]?.product_name).toBe('60 Dragon Gems');
  });

  it('lists the items of a demo catalogue seeded before bundles had them (migration 040)', async () => {
    await db.query(`UPDATE bundles SET items = '[]', first_buy_items = '[]', bonus_items = '[]'`);
    expect(await seedIfEmpty(db)).toBe(true);
    const rows = await db.query<{ items: unknown; bonus_items: unknown }>(`SELECT items, bonus_items FROM bundles WHERE product_id = '18-us-currency-300'`);
    expect(rows[0]).toEqual({
      items: [{ name: 'Dragon Gems', names: { ko: '드래곤 젬', zh: '龙晶' }, quantity: 300 }],
      bonus_items: [{ name: 'Dragon Gems (bonus)', names: { ko: '드래곤 젬 (보너스)', zh: '龙晶（奖励）' }, quantity: 30 }],
    });
    expect(await seedIfEmpty(db)).toBe(false);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO store_settings (key, value) VALUES ('probe', 'x')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await db.query(`SELECT 1 FROM store_settings WHERE key = 'probe'`)).toEqual([]);
  });
});

describe('migration files', () => {
  it('split into statements on line-ending semicolons', () => {
    expect(splitStatements('CREATE TABLE a (x int);\n-- note\nINSERT INTO a VALUES (1);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'INSERT INTO a VALUES (1)',
    ]);
  });

  it('keep a function body between $$ whole, its own lines ending in semicolons included', () => {
    const body = 'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nDECLARE x int;\nBEGIN\n  x := 1;\n  RETURN x;\nEND $$;';
    expect(splitStatements(`CREATE TABLE a (x int);\n${body}\n-- after\nSELECT f();\n`)).toEqual([
      'CREATE TABLE a (x int)',
      body.slice(0, -1),
      'SELECT f()',
    ]);
  });
});

describe('PGlite data directory', () => {
  it('refuses a second process on the same directory with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-lock-'));
    const { lockDataDir, LOCK_FILE_NAME } = await import('../src/db/data-dir-lock');
    // A live process other than this one holds the directory: its parent.
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/already in use by another TopUp Store process \(pid \d+\)/);
    // A lock left by a process that is gone is taken over, and released on close.
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '999999999');
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toEqual({ pid: process.pid, host: os.hostname() });
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('held by another host (a container on a volume both mount)', () => {
    let dir: string;
    let file: string;
    const otherHost = JSON.stringify({ pid: 1, host: `not-${os.hostname()}` });
    beforeEach(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-lock-'));
      file = path.join(dir, (await import('../src/db/data-dir-lock')).LOCK_FILE_NAME);
      fs.writeFileSync(file, otherHost);
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
    const unconfirmedFor = (seconds: number) => {
      const then = new Date(Date.now() - seconds * 1000);
      fs.utimesSync(file, then, then);
    };

    it('is refused while it is confirmed, pointing to DATABASE_URL for several instances', async () => {
      const { lockDataDir } = await import('../src/db/data-dir-lock');
      // pid 1 runs on this machine too: only the host tells the lock apart.
      expect(() => lockDataDir(dir)).toThrow(/in use by another TopUp Store process \(pid 1 on host not-.*another machine or container.*set DATABASE_URL to a PostgreSQL database/s);
      unconfirmedFor(30);
      expect(() => lockDataDir(dir)).toThrow(/DATABASE_URL/);
      expect(fs.readFileSync(file, 'utf8')).toBe(otherHost);
    });

    it('is refused in production however long it went unconfirmed; taken over in development once abandoned', async () => {
      const { lockDataDir, LOCK_ABANDONED_AFTER_MS } = await import('../src/db/data-dir-lock');
      unconfirmedFor(LOCK_ABANDONED_AFTER_MS / 1000 + 3600);
      expect(() => lockDataDir(dir, { production: true })).toThrow(new RegExp(`DATABASE_URL.*never takes over another host's lock.*delete ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 's'));
      expect(fs.readFileSync(file, 'utf8')).toBe(otherHost);
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const lock = lockDataDir(dir);
        expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ pid: process.pid, host: os.hostname() });
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/left by pid 1 on host not-/));
        lock.release();
      } finally {
        warn.mockRestore();
      }
    });
  });
});
