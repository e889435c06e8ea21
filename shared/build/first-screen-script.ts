import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP_MIN_WIDTH } from '../src/rules/constants';
/** The words the first screens show (the script's name for each → the page's key; `voucher:` keys are the Voucher Center's). */
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
  productTitle: 'productPage.title',
  // The Voucher Center's hero (remote-voucher's strings).
  voucherTitle: 'voucher:page.title',
  voucherSubtitle: 'voucher:page.subtitle',
} as const;

/**
 * The host's inline script that paints the top-up page's first screen from the HTML
 * (host/src/early/first-screen.inline.js), with the page's words and the desktop width filled in.
 */
export function firstScreenScript(dir: string): string {
  // The host keeps a copy of the top-up page's words (it never imports a remote); a test holds it to
  // the page's own strings (scripts/test/first-screen-words.test.ts).
  const strings = JSON.parse(fs.readFileSync(path.join(dir, 'src', 'early', 'first-screen-words.json'), 'utf8')) as Record<string, Record<string, string>>;
  const words = Object.fromEntries(
    Object.entries(strings).map(([lang, byKey]) => [lang, Object.fromEntries(Object.entries(FIRST_SCREEN_KEYS).map(([word, key]) => [word, byKey[key] ?? '']))]),
  );
  return fs.readFileSync(path.join(dir, 'src', 'early', 'first-screen.inline.js'), 'utf8').replaceAll('__FIRST_SCREEN_WORDS__', JSON.stringify(words))
    .replaceAll('__DESKTOP_MIN_WIDTH__', String(DESKTOP_MIN_WIDTH));
}
