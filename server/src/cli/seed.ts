import { configFrom } from '../config';
import { processSettings } from '../settings/environment';
import { migrate } from '../db/migrate';
import { describeDb, openDb } from '../db/open-db';
import { seedDemo } from '../sandbox/seed/seed-demo';

/** `npm run seed`: imports the demo catalogue file again and writes the demo characters and purchases (idempotent). */
async function seed(): Promise<void> {
  const config = configFrom(processSettings());
  if (config.storeMode === 'production') {
    throw new Error('Refusing to load the demo catalogue, characters and discount codes into a production store (STORE_MODE=demo is for a public demo).');
  }
  const db = await openDb(config);
  try {
    await migrate(db);
    await seedDemo(db, null, { discountCodes: config.demoDiscountCodes });
    const running = config.databaseUrl ? ' Running servers pick it up within seconds.' : '';
    console.log(`Demo catalogue seeded into ${describeDb(config)}.${running}`);
  } finally {
    await db.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
