import fs from 'node:fs';
import path from 'node:path';
// Draws the demo catalogue's images into server/assets (run: node server/tools/draw-demo-art.mjs server/assets).
const out = process.argv[2];
const w = (file, text) => { fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true }); fs.writeFileSync(path.join(out, file), text.trim() + '\n'); };
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const games = [
  [18, 'Emberwing Frontier', '#ff7a18', '#af002d', 'dragon'],
  [44, 'Skyreach Legends', '#36d1dc', '#5b86e5', 'wing'],
  [232, 'Tidebound Voyage', '#1cb5e0', '#000851', 'wave'],
  [134, 'Crownfall Realms', '#f7b733', '#7b4397', 'crown'],
  [284, 'Pixel Hearth', '#a8e063', '#56ab2f', 'pixel'],
  [14, 'Mecha Vanguard', '#bdc3c7', '#2c3e50', 'mech'],
  [136, 'Moonpetal Saga', '#c471f5', '#fa71cd', 'moon'],
  [182, 'Ironroot Tactics', '#8e9eab', '#3a6073', 'tree'],
  [27, 'Starfall Arena', '#fceabb', '#f8b500', 'star'],
  [310, 'Lantern Isle', '#ffb347', '#ff5e62', 'lantern'],
];

const emblem = {
  dragon: '<path d="M32 84c10-30 30-44 52-46-8 8-10 14-8 20 10-6 20-6 28 0-12 2-18 8-20 16 8 0 14 4 16 10-14-4-26-2-36 6-10 8-22 8-32-6z" fill="#fff" opacity=".92"/><circle cx="80" cy="52" r="3" fill="#af002d"/>',
  wing: '<path d="M24 80c20-4 36-20 44-44 4 24 20 40 40 44-22 4-34 14-40 24-6-10-22-20-44-24z" fill="#fff" opacity=".92"/>',
  wave: '<path d="M20 78c12-14 24-14 36 0s24 14 36 0 16-10 20-6v14c-6-4-10-2-20 6-12 14-24 14-36 0s-24-14-36 0z" fill="#fff" opacity=".92"/><circle cx="64" cy="46" r="12" fill="#fff" opacity=".8"/>',
  crown: '<path d="M26 88l-4-44 22 18 20-30 20 30 22-18-4 44z" fill="#fff" opacity=".92"/><rect x="26" y="92" width="76" height="8" rx="3" fill="#fff" opacity=".92"/>',
  pixel: '<g fill="#fff" opacity=".92"><rect x="40" y="40" width="16" height="16"/><rect x="72" y="40" width="16" height="16"/><rect x="32" y="72" width="16" height="16"/><rect x="48" y="84" width="32" height="12"/><rect x="80" y="72" width="16" height="16"/></g>',
  mech: '<g fill="#fff" opacity=".92"><rect x="42" y="30" width="44" height="34" rx="6"/><rect x="36" y="68" width="56" height="26" rx="5"/><rect x="24" y="70" width="10" height="28" rx="4"/><rect x="94" y="70" width="10" height="28" rx="4"/></g><rect x="50" y="40" width="28" height="8" rx="4" fill="#2c3e50"/>',
  moon: '<path d="M78 30a36 36 0 1 0 20 62A30 30 0 1 1 78 30z" fill="#fff" opacity=".92"/><circle cx="88" cy="46" r="4" fill="#fff"/>',
  tree: '<g fill="#fff" opacity=".92"><circle cx="64" cy="48" r="24"/><rect x="58" y="64" width="12" height="32"/><path d="M40 100h48l-8-8H48z"/></g>',
  star: '<path d="M64 24l11 26 28 2-21 18 7 28-25-15-25 15 7-28-21-18 28-2z" fill="#fff" opacity=".92"/>',
  lantern: '<g fill="#fff" opacity=".92"><rect x="58" y="22" width="12" height="10" rx="2"/><ellipse cx="64" cy="64" rx="26" ry="30"/><rect x="54" y="96" width="20" height="8" rx="2"/></g><ellipse cx="64" cy="64" rx="10" ry="14" fill="#ffb347"/>',
};

for (const [id, name, a, b, kind] of games) {
  w(`games/${id}.svg`, `
<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${esc(name)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="128" height="128" rx="28" fill="url(#g)"/>
  ${emblem[kind]}
</svg>`);
  for (const [n, headline, sub] of [[1, 'Best value top-up', '980 + 110 bonus'], [2, 'Starter Pack', 'Once per character']]) {
    w(`banners/${id}-${n}.svg`, `
<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300" role="img" aria-label="${esc(name)}: ${esc(headline)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="${n === 1 ? 1 : 0}"><stop offset="0" stop-color="${n === 1 ? a : b}"/><stop offset="1" stop-color="${n === 1 ? b : a}"/></linearGradient></defs>
  <rect width="750" height="300" fill="url(#g)"/>
  <circle cx="640" cy="60" r="140" fill="#fff" opacity=".08"/><circle cx="90" cy="300" r="120" fill="#000" opacity=".08"/>
  <g transform="translate(520 70) scale(1.3)">${emblem[kind]}</g>
  <text x="48" y="92" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="#fff" opacity=".85">${esc(name)}</text>
  <text x="48" y="160" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="700" fill="#fff">${esc(headline)}</text>
  <text x="48" y="214" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#fff">${esc(sub)}</text>
  <rect x="48" y="236" width="150" height="40" rx="20" fill="#fff"/>
  <text x="123" y="263" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="${b}">TOP UP</text>
</svg>`);
  }
}

// Store-wide slides
w('banners/store-1.svg', `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360" role="img" aria-label="TopUp Store pay centre">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4776e6"/><stop offset="1" stop-color="#8e54e9"/></linearGradient></defs>
  <rect width="1200" height="360" fill="url(#g)"/>
  <g fill="#fff" opacity=".12"><circle cx="1050" cy="80" r="160"/><circle cx="860" cy="330" r="110"/></g>
  <text x="80" y="150" font-family="Helvetica, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff">TopUp Store</text>
  <text x="80" y="220" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="#fff">Ten games, one safe checkout</text>
  <text x="80" y="280" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="#fff" opacity=".85">Items arrive by in-game mail</text>
</svg>`);
w('banners/store-2.svg', `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360" role="img" aria-label="Voucher Center">
  <defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#11998e"/><stop offset="1" stop-color="#38ef7d"/></linearGradient></defs>
  <rect width="1200" height="360" fill="url(#g)"/>
  <g transform="translate(900 60)"><rect width="220" height="140" rx="18" fill="#fff" opacity=".9"/><rect x="20" y="30" width="180" height="14" rx="7" fill="#11998e"/><rect x="20" y="60" width="120" height="14" rx="7" fill="#38ef7d"/><circle cx="180" cy="110" r="16" fill="#11998e"/></g>
  <text x="80" y="150" font-family="Helvetica, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff">Voucher Center</text>
  <text x="80" y="220" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="#fff">Charge in-game currency in seconds</text>
</svg>`);

// Products
const gem = (x, y, s, c) => `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 -20 L18 -6 L11 20 L-11 20 L-18 -6 Z" fill="${c}"/><path d="M0 -20 L18 -6 L0 0 L-18 -6 Z" fill="#fff" opacity=".45"/><path d="M0 0 L11 20 L-11 20 Z" fill="#000" opacity=".12"/></g>`;
const piles = [
  [[80, 86, 1.6]],
  [[62, 96, 1.3], [98, 96, 1.3], [80, 66, 1.3]],
  [[50, 104, 1.1], [80, 104, 1.1], [110, 104, 1.1], [65, 78, 1.1], [95, 78, 1.1], [80, 52, 1.1]],
  [[40, 110, 1], [66, 110, 1], [94, 110, 1], [120, 110, 1], [53, 86, 1], [80, 86, 1], [107, 86, 1], [66, 62, 1], [94, 62, 1], [80, 40, 1]],
];
const colors = ['#5ee7df', '#66a6ff', '#a18cd1', '#f093fb', '#f6d365', '#ff6a88'];
for (let i = 0; i < 6; i += 1) {
  const pile = piles[Math.min(i, 3)];
  const chest = i >= 4 ? `<rect x="28" y="96" width="104" height="42" rx="8" fill="#8d5524"/><rect x="28" y="96" width="104" height="10" fill="#c68642"/>` : '';
  w(`products/currency-${i + 1}.svg`, `
<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="Currency bundle ${i + 1}">
  <rect width="160" height="160" rx="20" fill="#1f2437"/>
  <circle cx="80" cy="80" r="62" fill="${colors[i]}" opacity=".18"/>
  ${chest}
  ${pile.map(([x, y, s]) => gem(x, y - (i >= 4 ? 14 : 0), s, colors[i])).join('\n  ')}
</svg>`);
}
const product = (file, label, body) => w(`products/${file}.svg`, `
<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${label}">
  <rect width="160" height="160" rx="20" fill="#1f2437"/>
  ${body}
</svg>`);
product('pack-starter', 'Starter pack', `<rect x="34" y="50" width="92" height="76" rx="10" fill="#43cea2"/><rect x="34" y="50" width="92" height="18" rx="6" fill="#185a9d"/><rect x="74" y="50" width="12" height="76" fill="#fff" opacity=".85"/><path d="M80 50c-14-20-34-14-26 0m26 0c14-20 34-14 26 0" stroke="#fff" stroke-width="6" fill="none"/>`);
product('pack-weekly', 'Weekly supply', `<rect x="30" y="44" width="100" height="84" rx="10" fill="#f7971e"/><rect x="30" y="44" width="100" height="20" rx="6" fill="#ffd200"/><g fill="#fff"><rect x="44" y="76" width="16" height="16" rx="3"/><rect x="72" y="76" width="16" height="16" rx="3"/><rect x="100" y="76" width="16" height="16" rx="3" opacity=".5"/><rect x="44" y="100" width="16" height="16" rx="3" opacity=".5"/></g>`);
product('chest', 'Hero chest', `<path d="M30 70q50-40 100 0v56H30z" fill="#b06ab3"/><rect x="30" y="70" width="100" height="56" fill="#4568dc"/><rect x="30" y="70" width="100" height="12" fill="#f6d365"/><rect x="70" y="80" width="20" height="24" rx="4" fill="#f6d365"/><path d="M80 28l5 10 11 1-8 7 3 11-11-6-11 6 3-11-8-7 11-1z" fill="#f6d365"/>`);
product('pass-30', '30-day pass', `<rect x="28" y="40" width="104" height="90" rx="10" fill="#fff"/><rect x="28" y="40" width="104" height="24" rx="8" fill="#ff512f"/><text x="80" y="112" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" fill="#1f2437">30</text><rect x="48" y="30" width="8" height="20" rx="4" fill="#1f2437"/><rect x="104" y="30" width="8" height="20" rx="4" fill="#1f2437"/>`);
product('pass-season', 'Season pass', `<path d="M80 24l44 18v34c0 28-20 48-44 58-24-10-44-30-44-58V42z" fill="#f8b500"/><path d="M80 40l30 12v24c0 18-13 32-30 40-17-8-30-22-30-40V52z" fill="#1f2437"/><path d="M80 54l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z" fill="#f8b500"/>`);

// Pay methods
const pay = (file, label, body) => w(`pay/${file}.svg`, `
<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="${label}">
  ${body}
</svg>`);
pay('card', 'Card', `<rect x="4" y="10" width="40" height="28" rx="5" fill="#4776e6"/><rect x="4" y="16" width="40" height="6" fill="#1f2437"/><rect x="9" y="28" width="14" height="4" rx="2" fill="#fff"/>`);
pay('wallet', 'E-wallet', `<rect x="4" y="12" width="40" height="28" rx="6" fill="#11998e"/><rect x="28" y="20" width="16" height="12" rx="4" fill="#38ef7d"/><circle cx="34" cy="26" r="2.5" fill="#11998e"/><path d="M8 12l24-6 2 6" fill="#0b6e63"/>`);
pay('bank', 'Bank transfer', `<path d="M24 4L4 14v4h40v-4z" fill="#5b86e5"/><g fill="#36d1dc"><rect x="8" y="20" width="5" height="16"/><rect x="17" y="20" width="5" height="16"/><rect x="26" y="20" width="5" height="16"/><rect x="35" y="20" width="5" height="16"/></g><rect x="4" y="38" width="40" height="6" fill="#5b86e5"/>`);
pay('mobile', 'Mobile billing', `<rect x="13" y="3" width="22" height="42" rx="5" fill="#ff5e62"/><rect x="16" y="8" width="16" height="28" rx="2" fill="#fff"/><circle cx="24" cy="40" r="2" fill="#fff"/><text x="24" y="27" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="12" font-weight="700" fill="#ff5e62">₩</text>`);

// Character-ID help images (games 14, 136, 182)
for (const [id, name, a, b] of games.filter(([id]) => [14, 136, 182].includes(id))) {
  w(`help/${id}-role-id.svg`, `
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" role="img" aria-label="Where to find your character ID in ${esc(name)}">
  <rect width="640" height="400" fill="#f4f6fb"/>
  <rect x="40" y="30" width="560" height="300" rx="18" fill="#1f2437"/>
  <rect x="40" y="30" width="560" height="44" rx="18" fill="${b}"/>
  <text x="64" y="59" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#fff">${esc(name)}: Settings › Account</text>
  <circle cx="120" cy="150" r="44" fill="${a}"/>
  <text x="190" y="130" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="#fff">Player name</text>
  <text x="190" y="160" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#9aa3b8">Server 1 · Level 42</text>
  <rect x="180" y="186" width="300" height="48" rx="10" fill="none" stroke="#ffd200" stroke-width="4" stroke-dasharray="10 6"/>
  <text x="196" y="217" font-family="Menlo, monospace" font-size="20" fill="#ffd200">ID: ${id}01001</text>
  <rect x="196" y="260" width="120" height="36" rx="8" fill="#3a4260"/><text x="256" y="284" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#fff">Copy ID</text>
  <path d="M560 300 C 540 250, 520 230, 488 214" stroke="#e53935" stroke-width="5" fill="none"/>
  <path d="M488 214 l16 -2 l-6 14 z" fill="#e53935"/>
  <text x="320" y="362" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#1f2437">In the game, open Settings › Account.</text>
  <text x="320" y="388" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#1f2437">Your character ID is under your name.</text>
</svg>`);
}

w('support/index.html', `
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>TopUp Store customer service</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1f2437}
main{max-width:560px;margin:0 auto;padding:32px 20px}
h1{font-size:24px;margin:0 0 12px}
section{background:#fff;border-radius:14px;padding:18px 20px;margin:16px 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h2{font-size:17px;margin:0 0 8px}
p,li{line-height:1.5}
</style>
</head>
<body>
<main>
  <h1>TopUp Store customer service</h1>
  <section lang="en">
    <h2>Items not arrived?</h2>
    <p>Items are delivered by in-game mail. If they have not arrived 30 minutes after a successful payment, contact the game's in-game customer service with:</p>
    <ul><li>the game, server and character ID,</li><li>the order number,</li><li>the time of payment.</li></ul>
  </section>
  <section lang="ko">
    <h2>아이템이 도착하지 않았나요?</h2>
    <p>아이템은 인게임 우편으로 지급됩니다. 결제 후 30분이 지나도 도착하지 않으면 게임 내 고객센터에 게임, 서버, 캐릭터 ID, 주문 번호, 결제 시간을 알려 주세요.</p>
  </section>
  <section lang="zh">
    <h2>道具未到账？</h2>
    <p>道具通过游戏内邮件发放。如支付成功 30 分钟后仍未到账，请联系游戏内客服，并提供游戏、服务器、角色ID、订单号和支付时间。</p>
  </section>
</main>
</body>
</html>`);
console.log('written to', out);
