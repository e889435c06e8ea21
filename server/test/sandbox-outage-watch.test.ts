import { GameOutageWatch, gameOutage, setGameOutage } from '../src/sandbox/game/game-outage';
import { secondInstance, testDbTargets } from './support/test-db';
import { until } from './support/until';

jest.setTimeout(60_000);

describe.each(testDbTargets())('the sandbox game outage switch read from memory on $name', (target) => {
  it('is read once, then from memory; a change made by this instance or another is seen by the next read', async () => {
    const db = await target.open();
    const other = await secondInstance(target, db);
    const watch = await GameOutageWatch.start(db);
    try {
      expect(watch.cached).toBe(false);
      expect(await watch.read()).toEqual({ mode: 'off' });
      // Known now: the sandbox game's calls no longer ask the database.
      expect(watch.cached).toBe(true);

      // This instance switches: seen at once, without waiting for any announcement.
      await setGameOutage(db, { mode: 'slow', delayMs: 40 });
      expect(await watch.read()).toEqual({ mode: 'slow', delayMs: 40 });

      // Another instance switches (on PostgreSQL another pool, heard by NOTIFY; on PGlite the same process).
      await setGameOutage(other.db, { mode: 'down' });
      expect(await until('the other instance\'s outage', async () => (await watch.read()).mode === 'down', 5_000)).toBe(true);
      // Its own announcement may arrive after the read that saw it: then read once more, and kept.
      expect(await until('kept in memory', async () => (await watch.read()).mode === 'down' && watch.cached, 5_000)).toBe(true);
      await setGameOutage(other.db, { mode: 'hang', delayMs: null });
      expect(await until('the hang', async () => (await watch.read()).mode === 'hang', 5_000)).toBe(true);
      expect(await watch.read()).toEqual({ mode: 'hang', delayMs: null });
      // What it holds is what the database holds.
      expect(await gameOutage(db)).toEqual(await watch.read());

      await setGameOutage(other.db, { mode: 'off' });
      expect(await until('off again', async () => (await watch.read()).mode === 'off', 5_000)).toBe(true);
    } finally {
      await watch.stop();
      await other.close();
      await db.close();
    }
  });

  it('a change is never lost to a read that was under way when it was made', async () => {
    const db = await target.open();
    const watch = await GameOutageWatch.start(db);
    try {
      // A read begins (from the database), the switch changes before it is kept: the next read sees the change.
      const reading = watch.read();
      await setGameOutage(db, { mode: 'down' });
      await reading;
      expect(await watch.read()).toEqual({ mode: 'down' });
    } finally {
      await watch.stop();
      await db.close();
    }
  });
});
