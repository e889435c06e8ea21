import fs from 'node:fs';
import path from 'node:path';

/**
 * The decision records keep the header docs/decisions/README.md describes ("Adding a record"), link
 * both ways when one supersedes or amends another, and the README's index lists every one of them.
 */
const dir = path.resolve(__dirname, '..', '..', 'docs', 'decisions');

const RECORD_FILE = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const NUMBERS = String.raw`\d{3}(?:(?:, | and )\d{3})*`;
const HEADER = new RegExp(
  String.raw`^Date: (\d{4}-\d{2}-\d{2})\. Status: (accepted|deprecated|superseded by (\d{3})|amended by (${NUMBERS}))` +
    String.raw`(?: \([^()]*\))?\.(?: (.*))?$`,
);
const LINK = new RegExp(String.raw`\b(Supersedes|Amends) (${NUMBERS})\b`, 'g');
const NOTE = /^> Since (\d{3})\b/;
const INDEX_ROW = /^\| *(\d{3}) *\| *\[(.+)\]\(([^)\s]+)\) *\| *([^|]*?) *\| *([^|]*?) *\|$/;

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
  supersededBy: string[];
  amendedBy: string[];
  supersedes: string[];
  amends: string[];
  notes: string[];
}

const numbersIn = (list: string) => list.split(/, | and /);

function isDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
}

/** One record read from its text, or what is wrong with its title line and header. */
function readRecord(file: string, text: string): DecisionRecord | string[] {
  const number = RECORD_FILE.exec(file)?.[1];
  if (!number) return [`${file}: not named NNN-a-few-words.md`];
  const lines = text.split('\n');
  const title = new RegExp(String.raw`^# ${number} (\S.*)$`).exec(lines[0] ?? '')?.[1];
  if (!title) return [`${file}: the first line is not "# ${number} <title>"`];
  if (lines[1] !== '') return [`${file}: no blank line after the title`];
  const end = lines.indexOf('', 2);
  const header = lines.slice(2, end < 0 ? undefined : end).join(' ');
  const m = HEADER.exec(header);
  if (!m) {
    return [`${file}: the paragraph after the title is not "Date: YYYY-MM-DD. Status: <status>." (found "${header.slice(0, 80)}")`];
  }
  const [, date = '', status = '', supersededBy, amendedBy, rest = ''] = m;
  if (!isDay(date)) return [`${file}: ${date} is not a date`];
  const links = [...rest.matchAll(LINK)];
  const linked = (word: string) => links.filter((l) => l[1] === word).flatMap((l) => numbersIn(l[2] ?? ''));
  return {
    file,
    number,
    title,
    date,
    status,
    supersededBy: supersededBy ? [supersededBy] : [],
    amendedBy: amendedBy ? numbersIn(amendedBy) : [],
    supersedes: linked('Supersedes'),
    amends: linked('Amends'),
    notes: lines.flatMap((line) => NOTE.exec(line)?.[1] ?? []),
  };
}

/** Everything wrong with a set of records and their index; none when they follow the README. */
function decisionProblems(files: Record<string, string>, readme: string): string[] {
  const problems: string[] = [];
  const records = new Map<string, DecisionRecord>();
  // Numbers of every record file, read or not: one whose header cannot be read is reported once, above.
  const present = new Set(Object.keys(files).flatMap((file) => RECORD_FILE.exec(file)?.[1] ?? []));
  for (const [file, text] of Object.entries(files)) {
    const record = readRecord(file, text);
    if (Array.isArray(record)) problems.push(...record);
    else if (records.has(record.number)) problems.push(`${file}: number ${record.number} is taken by ${records.get(record.number)?.file}`);
    else records.set(record.number, record);
  }

  for (const r of records.values()) {
    const check = (others: string[], what: string, holds: (other: DecisionRecord) => boolean, fix: string) => {
      for (const n of others) {
        const other = records.get(n);
        if (n === r.number) problems.push(`${r.file}: ${what} ${n} is itself`);
        else if (!other) {
          if (!present.has(n)) problems.push(`${r.file}: ${what} ${n}, which is no record`);
        }
        else if (!holds(other)) problems.push(`${r.file}: ${what} ${n}, but ${other.file} ${fix}`);
      }
    };
    check(r.supersedes, 'supersedes', (o) => o.supersededBy.includes(r.number), `does not say "Status: superseded by ${r.number}"`);
    check(r.amends, 'amends', (o) => o.amendedBy.includes(r.number), `does not list ${r.number} in "Status: amended by …"`);
    check(r.supersededBy, 'is superseded by', (o) => o.supersedes.includes(r.number), `does not say "Supersedes ${r.number}"`);
    check(r.amendedBy, 'is amended by', (o) => o.amends.includes(r.number), `does not say "Amends ${r.number}"`);
    for (const n of [...r.supersededBy, ...r.amendedBy]) {
      if (!r.notes.includes(n)) problems.push(`${r.file}: no "> Since ${n}, …" line saying what ${n} changed`);
    }
  }

  const rows = new Map<string, RegExpExecArray>();
  for (const line of readme.split('\n')) {
    const row = INDEX_ROW.exec(line.trim());
    if (!row) continue;
    const number = row[1] ?? '';
    if (rows.has(number)) problems.push(`README.md: ${number} is listed twice`);
    rows.set(number, row);
  }
  for (const r of records.values()) {
    const row = rows.get(r.number);
    const shown = r.status.replace(/ \([^()]*\)$/, '');
    if (!row) problems.push(`README.md: the index misses ${r.file}`);
    else {
      const [, , title, link, date, status] = row;
      if (link !== r.file) problems.push(`README.md: ${r.number} links to ${link}, not ${r.file}`);
      if (title !== r.title) problems.push(`README.md: ${r.number} is titled "${title}", the record "${r.title}"`);
      if (date !== r.date) problems.push(`README.md: ${r.number} is dated ${date}, the record ${r.date}`);
      if (status !== shown) problems.push(`README.md: ${r.number} has status "${status}", the record "${shown}"`);
    }
  }
  for (const number of rows.keys()) {
    if (!present.has(number)) problems.push(`README.md: the index lists ${number}, which is no record`);
  }
  return problems;
}

function readDecisions(): { files: Record<string, string>; readme: string } {
  const files: Record<string, string> = {};
  for (const file of fs.readdirSync(dir).sort()) {
    if (file.endsWith('.md') && file !== 'README.md') files[file] = fs.readFileSync(path.join(dir, file), 'utf8');
  }
  return { files, readme: fs.readFileSync(path.join(dir, 'README.md'), 'utf8') };
}

describe('the decision records', () => {
  it('each have a date and a status, link both ways, and are all in the index', () => {
    const { files, readme } = readDecisions();
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(decisionProblems(files, readme)).toEqual([]);
  });
});

describe('the check of the decision records', () => {
  const old = '# 100 An old decision\n\nDate: 2026-11-20. Status: amended by 101.\n\n> Since 101, less.\n\n**Decision.** Text.\n';
  const later = '# 101 A later decision\n\nDate: 2026-11-21. Status: accepted. Amends 100: says less.\n\n**Decision.** Text.\n';
  const index = [
    '| No. | Decision | Date | Status |',
    '|---|---|---|---|',
    '| 100 | [An old decision](100-old.md) | 2026-11-20 | amended by 101 |',
    '| 101 | [A later decision](101-later.md) | 2026-11-21 | accepted |',
  ].join('\n');
  const files = { '100-old.md': old, '101-later.md': later };

  it('accepts records that follow the README', () => {
    expect(decisionProblems(files, index)).toEqual([]);
  });

  it.each([
    ['a record without a header', { '101-later.md': '# 101 A later decision\n\n**Decision.** Text.\n' }, 'is not "Date: YYYY-MM-DD'],
    ['a record without a status', { '101-later.md': later.replace(' Status: accepted.', '') }, 'is not "Date: YYYY-MM-DD'],
    ['a status of its own words', { '101-later.md': later.replace('accepted', 'in force') }, 'is not "Date: YYYY-MM-DD'],
    ['a day that does not exist', { '101-later.md': later.replace('2026-11-21', '2026-11-31') }, 'is not a date'],
    ['a title without the file\'s number', { '101-later.md': later.replace('# 101', '# 102') }, 'the first line is not'],
    ['an amended record that does not say by which', { '100-old.md': old.replace('amended by 101', 'accepted') }, 'does not list 101'],
    ['an amendment the later record does not name', { '101-later.md': later.replace('Amends 100: says less.', 'Says less.') }, 'does not say "Amends 100"'],
    ['an amended record without its note', { '100-old.md': old.replace('> Since 101, less.\n\n', '') }, 'no "> Since 101'],
    ['a superseded record the later one does not name', { '100-old.md': old.replace('amended by', 'superseded by') }, 'does not say "Supersedes 100"'],
    ['a link to no record', { '101-later.md': later.replace('Amends 100', 'Amends 100 and 099') }, 'which is no record'],
  ])('refuses %s', (_, changed, problem) => {
    expect(decisionProblems({ ...files, ...changed }, index).join('\n')).toContain(problem);
  });

  it('refuses an index that misses a record, or disagrees with one', () => {
    const more = { ...files, '102-new.md': '# 102 A new decision\n\nDate: 2026-11-27. Status: accepted.\n' };
    expect(decisionProblems(more, index)).toEqual(['README.md: the index misses 102-new.md']);
    expect(decisionProblems(files, index.replace('| amended by 101 |', '| accepted |'))).toEqual([
      'README.md: 100 has status "accepted", the record "amended by 101"',
    ]);
    expect(decisionProblems(files, index.replace('2026-11-21 |', '2026-11-22 |'))).toEqual([
      'README.md: 101 is dated 2026-11-22, the record 2026-11-21',
    ]);
    expect(decisionProblems({ '100-old.md': old.replace('amended by 101', 'accepted').replace('> Since 101, less.\n\n', '') }, index)).toEqual([
      'README.md: 100 has status "amended by 101", the record "accepted"',
      'README.md: the index lists 101, which is no record',
    ]);
  });
});
