import { STRINGS } from '../src/strings';

describe('the back office speaks en, ko and zh', () => {
  const english = Object.keys(STRINGS.en).sort();
  it.each(['ko', 'zh'] as const)('%s has every English text, and no other', (locale) => {
    expect(Object.keys(STRINGS[locale]).sort()).toEqual(english);
  });
  it.each(['en', 'ko', 'zh'] as const)('%s has no empty text and keeps every placeholder', (locale) => {
    for (const key of english) {
      const text = STRINGS[locale][key] ?? '';
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(STRINGS.en[key] ?? '') });
    }
  });
  it('names every refusal code the API answers with', () => {
    const fs = require('node:fs') as typeof import('node:fs');
    const path = require('node:path') as typeof import('node:path');
    const dir = path.join(__dirname, '..', '..', 'server', 'src', 'ops');
    const codes = new Set<string>();
    for (const file of fs.readdirSync(dir)) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of text.matchAll(/new OpsError\(\d+,[^;]*?'([a-zA-Z]+)'\)/gs)) codes.add(match[1]!);
    }
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes].filter((code) => !(`error.${code}` in STRINGS.en))).toEqual([]);
  });
});
