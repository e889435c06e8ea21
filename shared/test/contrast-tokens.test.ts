import fs from 'node:fs';
import path from 'node:path';

// WCAG 2.2 contrast of the store's colour tokens (decision 208), read from the CSS the pages load,
// so a token changed in the stylesheet is measured here as it is shipped.
const ROOT = path.join(__dirname, '..', '..');
const TOKENS_CSS = path.join(ROOT, 'host', 'src', 'shell', 'shell.css');
/** The phone purchase path's stylesheets: their fallbacks must be the tokens' own values. */
const PHONE_CSS = [
  'host/src/shell/shell.css',
  'shared/src/ui/ui.css',
  'remote-topup/src/pages/top-up-page.css',
  'remote-topup/src/features/submit/submit-page.css',
  'remote-topup/src/features/pay-result/pay-result.css',
  'remote-topup/src/lib/order-page.css',
];

/** The custom properties of the `:root` rule: name → value. */
function rootTokens(css: string): Map<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(css.replace(/\/\*[\s\S]*?\*\//g, ''))?.[1] ?? '';
  return new Map(Array.from(block.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g), (m) => [m[1] as string, (m[2] as string).trim()]));
}

function channel(hex: string, at: number): number {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(colour: string): number {
  const hex = colour.replace('#', '').toLowerCase();
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  if (!/^[0-9a-f]{6}$/.test(full)) throw new Error(`not a #rrggbb colour: ${colour}`);
  return 0.2126 * channel(full, 0) + 0.7152 * channel(full, 2) + 0.0722 * channel(full, 4);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const tokens = rootTokens(fs.readFileSync(TOKENS_CSS, 'utf8'));
const colour = (name: string) => {
  if (name.startsWith('#')) return name;
  const value = tokens.get(name);
  if (!value) throw new Error(`no --${name} in ${TOKENS_CSS}`);
  return value;
};

const TEXT = 4.5;
const UI = 3;
/** [what it is, foreground, the backgrounds it sits on (both ends of a gradient), least contrast]. */
const PAIRS: ReadonlyArray<readonly [string, string, readonly string[], number]> = [
  ['body text', 'ink', ['surface', 'page', 'field'], TEXT],
  ['secondary text, labels, the footer address', 'ink-soft', ['surface', 'page', 'field'], TEXT],
  ['placeholders, copyright', 'ink-muted', ['surface', 'page', 'field'], TEXT],
  ['orange text: subtitles, links, totals', 'brand-strong', ['surface', 'page', 'field'], TEXT],
  ['price buttons, Search, Confirm, Pay (gradient)', '#ffffff', ['action-from', 'action-to'], TEXT],
  ['primary dialog button, customer service', '#ffffff', ['brand-strong', 'brand-dark'], TEXT],
  ['first-purchase tag (gradient)', '#ffffff', ['tag-first-from', 'tag-first-to'], TEXT],
  ['tag', 'tag-ink', ['tag'], TEXT],
  ['Confirmed', '#ffffff', ['success'], TEXT],
  ['field errors', 'danger', ['surface', 'page', 'field'], TEXT],
  ['the bar: brand name, language', '#ffffff', ['ink'], TEXT],
  ['focus ring', 'focus-ring', ['surface', 'page', 'field', 'ink'], UI],
];

describe('colour tokens keep WCAG 2.2 AA contrast (decision 208)', () => {
  it.each(PAIRS)('%s: %s', (_what, foreground, backgrounds, least) => {
    for (const background of backgrounds) {
      const ratio = contrast(colour(foreground), colour(background));
      expect({ background, ratio: Math.floor(ratio * 100) / 100, enough: ratio >= least }).toEqual({ background, ratio: expect.any(Number), enough: true });
    }
  });

  it('measures as WCAG does (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ff5a1f', '#ff5a1f')).toBe(1);
    expect(contrast('#ff5a1f', '#ffffff')).toBeLessThan(TEXT);
  });

  it('the phone stylesheets fall back to the tokens themselves (a fallback never hides another colour)', () => {
    const drifted: string[] = [];
    for (const file of PHONE_CSS) {
      const css = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, name, fallback] of css.matchAll(/var\(--([\w-]+),\s*(#[0-9a-fA-F]{3,6})\)/g)) {
        const token = tokens.get(name as string);
        if (token && luminance(token) !== luminance(fallback as string)) drifted.push(`${file}: --${name} falls back to ${fallback}, the token is ${token}`);
      }
    }
    expect(drifted).toEqual([]);
  });

  it('the buttons and tags on a gradient paint it from the measured tokens', () => {
    const page = fs.readFileSync(path.join(ROOT, 'remote-topup/src/pages/top-up-page.css'), 'utf8');
    for (const rule of ['.tp-price {', '.tp-button--primary {']) {
      const body = page.slice(page.indexOf(rule), page.indexOf('}', page.indexOf(rule)));
      expect(body).toContain('var(--action-from');
      expect(body).toContain('var(--action-to');
    }
    expect(page).toMatch(/\.tp-bundle__tag--first \{[^}]*var\(--tag-first-from[^}]*var\(--tag-first-to/);
  });
});
