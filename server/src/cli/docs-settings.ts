// `npm run docs:settings`: writes docs/operations.md's settings table from the settings schema
// (server/src/settings/settings-schema.ts). A test fails while the table in the document is stale.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { withSettingsTable } from '../settings/settings-table';

const file = path.join(REPO_ROOT, 'docs', 'operations.md');
const before = fs.readFileSync(file, 'utf8');
const after = withSettingsTable(before);
if (after === before) console.log('docs/operations.md: the settings table is up to date.');
else {
  fs.writeFileSync(file, after);
  console.log('docs/operations.md: the settings table was written afresh.');
}
