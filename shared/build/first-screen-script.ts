import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP_MIN_WIDTH } from '../src/rules/constants';
// The top-up page's own words: the first screen the host's HTML paints is a picture of that page.
import { EN as TOPUP_EN } from '../../remote-topup/src/locales/en';
import { KO as TOPUP_KO } from '../../remote-topup/src/locales/ko';
import { ZH as TOPUP_ZH } from '../../remote-topup/src/locales/zh';

const TOPUP_STRINGS = { en: TOPUP_EN, ko: TOPUP_KO, zh: TOPUP_ZH };

/** The top-up page's words its first screen shows, in each language, from the page's own strings. */
const FIRST_SCREEN_KEYS = {
  tagline: 'header.tagline',
  title: 'character.title',
  region: 'character.region',
  server: 'character.server',
  serverPlaceholder: 'character.serverPlaceholder',
  id: 'character.id',
  idPlaceholder: 'character.idPlaceholder',
  name: 'character.name',
  namePlaceholder: 'character.namePlaceholder',
  search: 'character.search',
  noGameTitle: 'noGame.title',
  noGameBody: 'noGame.body',
  noGameLink: 'noGame.link',
} as const;

/**
 * The host's inline script that paints the top-up page's first screen from the HTML
 * (host/src/early/first-screen.inline.js), with the page's words and the desktop width filled in.
 */
export function firstScreenScript(dir: string): string {
  const words = Object.fromEntries(
    Object.entries(TOPUP_STRINGS).map(([lang, strings]) => [lang, Object.fromEntries(Object.entries(FIRST_SCREEN_KEYS).map(([word, key]) => [word, strings[key] ?? '']))]),
  );
  return fs.readFileSync(path.join(dir, 'src', 'early', 'first-screen.inline.js'), 'utf8').replaceAll('__FIRST_SCREEN_WORDS__', JSON.stringify(words))
    .replaceAll('__DESKTOP_MIN_WIDTH__', String(DESKTOP_MIN_WIDTH));
}
