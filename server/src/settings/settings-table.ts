import type { Setting, SettingGroup } from './setting';
import { SETTINGS } from './settings-schema';

/** Where the generated table sits in docs/operations.md. */
export const TABLE_START = '<!-- settings table: written by `npm run docs:settings` from server/src/settings/settings-schema.ts -->';
export const TABLE_END = '<!-- end of the settings table -->';

const GROUP_TITLES: Record<SettingGroup, string> = {
  store: 'The store',
  database: 'Database and Redis',
  'payments and games': 'Payments and games',
  mail: 'E-mail',
  publisher: 'Publisher (legal pages and receipts)',
  'back office': 'Back office',
  'orders and delivery': 'Orders and delivery',
  limits: 'Request limits',
  'release health': 'Release health and signing',
  commands: 'Commands (`npm run …`)',
};

const cell = (text: string) => text.replace(/\|/g, '\\|');

function defaultOf(declared: Setting<unknown>): string {
  if (declared.shownDefault !== undefined) return declared.shownDefault;
  if (declared.default === undefined) return 'unset';
  return declared.kind.show(declared.default) || 'unset';
}

/** The settings table, one section per group, in the schema's order. */
export function settingsTable(): string {
  const entries = Object.entries(SETTINGS) as [string, Setting<unknown>][];
  const groups = [...new Set(entries.map(([, declared]) => declared.group))];
  return groups
    .map((group) => {
      const rows = entries
        .filter(([, declared]) => declared.group === group)
        .map(([name, declared]) => `| \`${name}\` | ${cell(declared.kind.type)} | ${cell(defaultOf(declared))} | ${cell(declared.production ?? '—')} | ${cell(declared.doc)} |`);
      return [`**${GROUP_TITLES[group]}**`, '', '| setting | type | default | production | what it does |', '|---|---|---|---|---|', ...rows].join('\n');
    })
    .join('\n\n');
}

/** The document with the table between its markers written afresh; throws when the markers are missing. */
export function withSettingsTable(document: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the document has no settings table markers (${TABLE_START} … ${TABLE_END})`);
  return `${document.slice(0, start + TABLE_START.length)}\n\n${settingsTable()}\n\n${document.slice(end)}`;
}
