// A process of its own that holds one transaction open on PostgreSQL, for database-faults.test.ts: it
// prints "holding", waits for a line "go" on its standard input, then runs its next statement and prints
// how the transaction ended. An unhandled connection error would end it before that.
import readline from 'node:readline';
import { openPostgresDb } from '../../src/db/postgres-db';

async function main(): Promise<void> {
  const db = await openPostgresDb({ connectionString: process.env.DATABASE_URL!, applicationName: process.env.APPLICATION_NAME!, maxConnections: 2 });
  const lines = readline.createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.on('line', (line) => line.trim() === 'go' && resolve()));
  const mode = process.env.HOLD ?? 'idle';
  const outcome = await db
    .transaction(async (tx) => {
      if (mode === 'busy') {
        console.log('holding');
        await tx.query('SELECT pg_sleep(30)');
      } else {
        await tx.query('SELECT 1');
        console.log('holding');
        await go;
        await tx.query('SELECT 2');
      }
      return 'committed';
    })
    .catch((error: unknown) => (error instanceof Error ? error.name : String(error)));
  console.log(`transaction: ${outcome}`);
  const next = await db.query<{ one: number }>('SELECT 1 AS one');
  console.log(`next: ${next[0]?.one}`);
  lines.close();
  await db.close();
}

void main();
