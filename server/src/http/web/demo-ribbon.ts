/**
 * The "demo store — no real payments" ribbon of a public demo (`STORE_MODE=demo`), put into
 * every HTML page the server sends. It is plain HTML and CSS, outside the shell's root, so the
 * players' JavaScript does not grow; the text shown follows the page's `<html lang>`, which the
 * shell keeps in step with the player's language.
 */
const TEXTS = {
  en: 'Demo store — no real payments',
  ko: '데모 스토어 — 실제 결제가 이루어지지 않습니다',
  zh: '演示商店 — 不会产生真实付款',
} as const;

const STYLE = [
  '.demo-ribbon{margin:0;padding:4px 12px;background:#7a2e00;color:#fff;font:600 13px/18px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center;letter-spacing:.02em}',
  '.demo-ribbon [lang]{display:none}',
  'html:not([lang=ko]):not([lang=zh]) .demo-ribbon [lang=en],html[lang=ko] .demo-ribbon [lang=ko],html[lang=zh] .demo-ribbon [lang=zh]{display:inline}',
].join('');

export const DEMO_RIBBON_HTML =
  `<style>${STYLE}</style><p class="demo-ribbon" role="note" data-demo-ribbon>` +
  Object.entries(TEXTS)
    .map(([lang, text]) => `<span lang="${lang}">${text}</span>`)
    .join('') +
  '</p>';

/** The page with the ribbon first in its body. */
export function withDemoRibbon(html: string): string {
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return DEMO_RIBBON_HTML + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + DEMO_RIBBON_HTML + html.slice(at);
}
