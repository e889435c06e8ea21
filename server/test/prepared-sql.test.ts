import { preparedName, prepared } from '../src/db/prepared-sql';
import { findTokenOrder } from '../src/orders/bundle-history';
import { roleLockKey } from '../src/orders/role-lock';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

describe('prepared statements', () => {
  it('are named once: the same text again is the same statement; another text under a used name is refused', () => {
    const text = 'SELECT 1 AS one WHERE $1::int = 1';
    expect(prepared('test_one', text)).toBe(text);
    expect(prepared('test_one', text)).toBe(text);
    expect(preparedName(text)).toBe('topup_test_one');
    expect(() => prepared('test_one', 'SELECT 2')).toThrow('has another text already');
    expect(() => prepared('Not A Name', 'SELECT 3')).toThrow('not a statement name');
    expect(preparedName('SELECT 4')).toBeUndefined();
  });
});

describe.each(testDbTargets())('the database on $name', (target) => {
  it('answers a prepared statement as the same text run plainly; PostgreSQL keeps it prepared on the connection', async () => {
    const db = await target.open();
    try {
      expect(await findTokenOrder(db, 'no-such-token')).toBeNull();
      expect(await findTokenOrder(db, 'no-such-token')).toBeNull();
      if (target.name === 'PostgreSQL') {
        const names = (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).map((row) => row.name);
        // Some pooled connection ran it: the pool is small, and this asks one of them.
        const everywhere = await Promise.all(Array.from({ length: 5 }, () => db.query<{ name: string }>('SELECT name FROM pg_prepared_statements')));
        expect([...names, ...everywhere.flat().map((row) => row.name)]).toContain('topup_token_order');
      }
    } finally {
      await db.close();
    }
  });

  it('a transaction holding a character lock keeps a second one with the same key waiting until it ends, and none with another key', async () => {
    const db = await target.open();
    try {
      const key = roleLockKey(18, '1801001');
      const events: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const first = db.transaction(
        async () => {
          events.push('first in');
          started();
          await held;
          events.push('first out');
        },
        { lockKey: key },
      );
      await new Promise<void>((resolve) => (started = resolve));
      const second = db.transaction(async () => void events.push('second in'), { lockKey: key });
      // On PostgreSQL another key does not wait; on PGlite every transaction waits its turn anyway.
      const other = target.name === 'PostgreSQL' ? await db.transaction(async () => 'other in', { lockKey: roleLockKey(18, '1801002') }) : 'other in';
      expect(other).toBe('other in');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(events).toEqual(['first in']);
      release();
      await Promise.all([first, second]);
      expect(events).toEqual(['first in', 'first out', 'second in']);
      await expect(db.transaction(async () => 1, { lockKey: '1; DROP TABLE orders' })).rejects.toThrow('not an advisory lock key');
    } finally {
      await db.close();
    }
  });
});
