// `npm run catalogue -- export <file.json> | check <file.json> | import <file.json> [--reason "…"]`: the catalogue as a file
// (docs/catalogue.md). `export` writes the store's catalogue; `check` lists every problem of a file in one pass
// without changing the store (it reads which pictures were uploaded); `import` writes a file as one new catalogue revision, or refuses it whole (price changes
// over 50 % need `--confirm-price-changes`).
import fs from 'node:fs';
import path from 'node:path';
import { configFrom } from '../config';
import { processSettings } from '../settings/environment';
import { CatalogueFileError, checkCatalogueFileInTurns, exportCatalogue, importCatalogue, picturesOf } from '../catalogue/catalogue-file';
import type { PictureSource } from '../catalogue/catalogue-pictures';
import { MAX_CATALOGUE_FILE_BYTES } from '../catalogue/catalogue-file-schema';
import { migrate } from '../db/migrate';
import { describeDb, openDb } from '../db/open-db';
import { fail, operator, parseArgs } from './cli-args';
import { auditCatalogueImport } from '../ops/audit';

const USAGE = 'usage: npm run catalogue -- export <file.json> | check <file.json> | import <file.json>';

function readFile(file: string): unknown {
  let text: string;
  let size = 0;
  try {
    size = fs.statSync(file).size;
  } catch {
    fail(`cannot read ${file}`);
  }
  if (size > MAX_CATALOGUE_FILE_BYTES) fail(`${file} has ${size.toLocaleString('en')} bytes: a catalogue file has at most ${MAX_CATALOGUE_FILE_BYTES.toLocaleString('en')}`);
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    fail(`cannot read ${file}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    fail(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The uploaded pictures a file names, looked up in the store's database (read only); null when it cannot
 * be read (an embedded database a running server holds): the store's own files are checked all the same.
 */
async function uploadedPictures(value: unknown): Promise<PictureSource | null> {
  const config = configFrom(processSettings());
  // No store here (no PostgreSQL named, no embedded data folder): none is made to be read.
  if (!config.databaseUrl && !fs.existsSync(config.dataDir)) return null;
  try {
    const db = await openDb(config);
    try {
      return await picturesOf(db, value);
    } finally {
      await db.close();
    }
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const { positional, flags } = parseArgs(process.argv.slice(2));
  const [command, file] = positional;
  if (!command || !file || !['export', 'check', 'import'].includes(command)) fail(USAGE);
  const settings = processSettings();
  const target = path.resolve(settings.INIT_CWD || process.cwd(), file);
  // The hosts banners may link to (BANNER_LINK_HOSTS), as the server checks them.
  const checks = { bannerLinkHosts: configFrom(settings).bannerLinkHosts };
  if (command === 'check') {
    const value = readFile(target);
    const pictures = await uploadedPictures(value);
    const problems = await checkCatalogueFileInTurns(value, { ...checks, ...(pictures ? { pictures } : {}) });
    if (problems.length > 0) fail(new CatalogueFileError(problems).message);
    console.log(`✓ ${file} is a valid catalogue file`);
    if (!pictures) console.log("  Uploaded pictures (/assets/catalogue/…) were not checked: the store's database could not be read.");
    return;
  }
  const config = configFrom(settings);
  const db = await openDb(config);
  try {
    await migrate(db);
    if (command === 'export') {
      const catalogue = await exportCatalogue(db);
      fs.writeFileSync(target, `${JSON.stringify(catalogue, null, 2)}\n`);
      console.log(`✓ wrote the catalogue of ${describeDb(config)} to ${file}: ${catalogue.games.length} games, ${catalogue.bundles.length} bundles`);
    } else {
      const reason = typeof flags.reason === 'string' ? flags.reason : `imported ${path.basename(target)} from the command line`;
      const actor = { name: `service:${operator()}`, operatorId: null, address: 'command line' };
      const outcome = await importCatalogue(db, null, readFile(target), {
        actor: actor.name,
        reason,
        source: 'import',
        audit: auditCatalogueImport(actor, reason),
        confirmedLargePriceChanges: flags['confirm-price-changes'] === true,
        checks,
      });
      console.log(`✓ imported ${file} into ${describeDb(config)} as catalogue revision ${outcome.revision}: ${Object.entries(outcome.counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);
      console.log('  Servers running on PostgreSQL serve it within seconds; on the embedded database the server starts with it.');
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
