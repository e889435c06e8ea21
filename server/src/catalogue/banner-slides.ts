import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@topup/shared/rules';
import type { BannerTexts, Catalogue, CatalogueBanner } from './catalogue';

/**
 * Slides whose words are catalogue data: the picture carries no words, and the store draws the
 * words of the page's language over it, as one SVG the page shows like any picture (no script, no
 * font download: the phone's own fonts draw Korean and Chinese).
 */

/** The address of a slide drawn in `language`, or the picture itself when the store cannot draw over it. */
export function slideAddress(catalogue: Catalogue, banner: CatalogueBanner, texts: BannerTexts | null, language: Locale): string {
  if (!texts || !drawable(banner.slideshowUrl)) return banner.slideshowUrl;
  return `/banner-slides/${encodeURIComponent(banner.key)}/${language}.svg?r=${catalogue.revision}`;
}

/** Only the store's own SVG pictures can be drawn over: an SVG shown as an image loads nothing else. */
function drawable(url: string): boolean {
  return /^\/assets\/[a-z0-9/_-]+\.svg$/i.test(url) && !url.includes('..');
}

const ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets');
const pictures = new Map<string, string | null>();

/** The picture's SVG text, read once; null when it is not one of the store's SVG pictures. */
export function readPicture(url: string): string | null {
  if (!drawable(url)) return null;
  if (!pictures.has(url)) {
    const file = path.join(ASSETS_DIR, url.slice('/assets/'.length));
    pictures.set(url, file.startsWith(ASSETS_DIR + path.sep) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  }
  return pictures.get(url) ?? null;
}

/** Every slide of the catalogue by its key. */
const slidesByCatalogue = new WeakMap<Catalogue, Map<string, CatalogueBanner>>();
export function findSlide(catalogue: Catalogue, key: string): CatalogueBanner | undefined {
  let slides = slidesByCatalogue.get(catalogue);
  if (!slides) {
    slides = new Map();
    for (const banner of [...catalogue.storeBanners, ...[...catalogue.gameAreas.values()].flatMap((area) => area.banners)]) slides.set(banner.key, banner);
    slidesByCatalogue.set(catalogue, slides);
  }
  return slides.get(key);
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Roughly how wide a line is, in ems: Hangul and Han are square, Latin letters about half. */
function ems(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    width += code >= 0x1100 ? 1 : /[A-Z0-9]/.test(char) ? 0.66 : char === ' ' ? 0.3 : 0.55;
  }
  return width;
}

const FONTS = `Helvetica, Arial, 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif`;

/** The picture with the slide's words drawn over its left part, scaled to its size. */
export function drawSlide(picture: string, texts: BannerTexts, language: Locale): string {
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(picture);
  const width = box ? Number(box[1]) : 750;
  const height = box ? Number(box[2]) : 300;
  const scale = height / 300;
  const left = 48 * scale;
  const room = width * 0.62 - left;
  const stops = [...picture.matchAll(/stop-color="(#[0-9a-f]{3,8})"/gi)];
  const accent = stops.at(-1)?.[1] ?? '#333333';
  const line = (text: string, y: number, size: number, extra: string) => {
    if (!text) return '';
    const fitted = Math.min(size, room / Math.max(ems(text), 0.1));
    return `<text x="${left}" y="${y * scale}" font-family="${FONTS}" font-size="${(fitted * scale).toFixed(1)}" fill="#fff"${extra}>${escapeXml(text)}</text>`;
  };
  const action = texts.action
    ? (() => {
        const size = 20;
        const pill = Math.max(150, ems(texts.action) * size + 48) * scale;
        return (
          `<rect x="${left}" y="${236 * scale}" width="${pill}" height="${40 * scale}" rx="${20 * scale}" fill="#fff"/>` +
          `<text x="${left + pill / 2}" y="${263 * scale}" text-anchor="middle" font-family="${FONTS}" font-size="${size * scale}" font-weight="700" fill="${accent}">${escapeXml(texts.action)}</text>`
        );
      })()
    : '';
  const said = escapeXml([texts.title, texts.subtitle].filter(Boolean).join(': '));
  const words = [
    `<title>${said}</title>`,
    line(texts.eyebrow, 92, 28, ' opacity=".85"'),
    line(texts.title, 160, 52, ' font-weight="700"'),
    line(texts.subtitle, 214, 30, ''),
    action,
  ].join('');
  // Function replacements only: a string replacement reads `$&`, `$\`` and `$'` in the catalogue's words as patterns.
  return picture
    .replace(/<svg\b[^>]*>/, (tag) =>
      tag.replace(/\s+(?:aria-label="[^"]*"|aria-hidden="true"|role="img")/g, '').replace(/^<svg/, () => `<svg xml:lang="${language}" role="img" aria-label="${said}"`),
    )
    .replace(/<\/svg>\s*$/, () => `${words}</svg>\n`);
}
