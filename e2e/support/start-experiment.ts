/**
 * Starts an offer experiment in a store's embedded database before the store starts (an e2e file's
 * `prepare`), as the back office will: `tsx e2e/support/start-experiment.ts <definition JSON> <variant>…`
 * with DATA_DIR set. Prints, as JSON, a visitor cookie value the store will accept for each variant
 * named (signed with the store's PLAYER_LINK_SECRET, the development one unless set).
 */
import { loadConfig } from '../../server/src/config';
import { openPgliteDb } from '../../server/src/db/pglite-db';
import { newVisitor, startExperiment, variantFor, type ExperimentDefinition } from '../../server/src/experiments';

async function main(): Promise<void> {
  const [definitionJson = '', ...wanted] = process.argv.slice(2);
  const definition = JSON.parse(definitionJson) as ExperimentDefinition;
  const db = await openPgliteDb(process.env.DATA_DIR);
  try {
    await startExperiment(db, definition);
  } finally {
    await db.close();
  }
  const secret = loadConfig(process.env).playerLinkSecret;
  const shares = definition.variants.map((entry) => ({ variant: entry.variant, share: entry.share, stopped: false }));
  const cookies: Record<string, string> = {};
  for (const variant of wanted) {
    for (;;) {
      const made = newVisitor(secret);
      if (variantFor(definition.experimentId, made.id, shares) === variant) {
        cookies[variant] = made.value;
        break;
      }
    }
  }
  process.stdout.write(JSON.stringify(cookies));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
