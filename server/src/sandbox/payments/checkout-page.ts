import { formatPrice, type Locale } from '@topup/shared/rules';
import { CHECKOUT_STRINGS, type CheckoutText } from './checkout-strings';
import { escapeHtml } from '../../text/escape-html';
import { resultPath, type CheckoutReturn } from '../../payments';

export interface CheckoutView {
  readonly locale: Locale;
  readonly orderId: string;
  /** This rendering's checkout attempt: the sandbox books one payment per attempt. */
  readonly attempt: string;
  readonly gameName: string;
  readonly productName: string;
  readonly character: string;
  readonly payMethod: string;
  readonly area: string;
  readonly amount: string;
  readonly discount: string;
  /** null when the order can be paid now; otherwise why not. */
  readonly closedReason: CheckoutText | null;
  readonly expiryMinutes: number;
  /** The storefront's result page the player goes back to (the pay centre's orders: its own). */
  readonly returnTo: CheckoutReturn;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans KR","Noto Sans SC",sans-serif;background:#eef0f8;color:#1b1f3b}
main{max-width:440px;margin:0 auto;padding:20px 16px 32px}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:14px}.brand b{font-size:18px}.badge{font-size:12px;font-weight:700;color:#5a3de6;background:#ece8ff;border-radius:999px;padding:2px 10px}
.card{background:#fff;border-radius:16px;padding:18px;box-shadow:0 6px 20px rgba(27,31,59,.08)}
h1{margin:0 0 4px;font-size:20px}.notice{margin:0 0 14px;font-size:13px;color:#5b6078}
dl{margin:0;display:grid;gap:10px}dl div{display:flex;justify-content:space-between;gap:12px}dt{color:#5b6078}dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.total{margin:18px 0 6px;padding-top:14px;border-top:1px dashed #d7dae8;display:flex;justify-content:space-between;align-items:baseline}
.total strong{font-size:28px}
form{display:grid;gap:10px;margin-top:18px}
button,.link{display:block;width:100%;min-height:50px;border-radius:999px;border:0;font:inherit;font-weight:700;font-size:17px;cursor:pointer;text-align:center;text-decoration:none;line-height:50px}
.pay{background:linear-gradient(135deg,#6a4ff0,#5b3df5);color:#fff}.decline{background:#fff;color:#c0362c;border:1.5px solid #f0c5c1}
.link{background:#1b1f3b;color:#fff;margin-top:16px}.closed{font-weight:700;margin:16px 0 0}
`;

/** The sandbox's checkout page: the order's amount, with Pay and Decline (or why it cannot be paid). */
export function renderCheckoutPage(view: CheckoutView): string {
  const t = (key: CheckoutText) => CHECKOUT_STRINGS[view.locale][key];
  const price = formatPrice(view.amount, view.area);
  const action = `/sandbox/checkout/${encodeURIComponent(view.orderId)}`;
  const rows: Array<[string, string]> = [
    [t('game'), view.gameName],
    [t('bundle'), view.productName],
    [t('character'), view.character],
    [t('payMethod'), view.payMethod],
    [t('order'), view.orderId],
  ];
  if (Number(view.discount) > 0) rows.push([t('discount'), `−${formatPrice(view.discount, view.area)}`]);
  const resultLink = resultPath(view.orderId, view.returnTo);
  const actions = view.closedReason
    ? `<p class="closed" role="status">${escapeHtml(t(view.closedReason).replace('{minutes}', String(view.expiryMinutes)))}</p>
       <a class="link" href="${escapeHtml(resultLink)}">${escapeHtml(t('seeOrder'))}</a>`
    : `<form method="post" action="${escapeHtml(action)}">
         <input type="hidden" name="attempt" value="${escapeHtml(view.attempt)}">
         <input type="hidden" name="return" value="${escapeHtml(view.returnTo)}">
         <button class="pay" type="submit" name="result" value="paid">${escapeHtml(t('pay').replace('{amount}', price))}</button>
         <button class="decline" type="submit" name="result" value="declined">${escapeHtml(t('decline'))}</button>
       </form>`;
  return `<!doctype html>
<html lang="${view.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t('title'))} · ${escapeHtml(price)}</title><style>${STYLE}</style></head>
<body><main>
<div class="brand"><b>${escapeHtml(t('merchant'))}</b><span class="badge">sandbox</span></div>
<section class="card" aria-labelledby="checkout-title">
<h1 id="checkout-title">${escapeHtml(t('title'))}</h1>
<p class="notice">${escapeHtml(t('notice'))}</p>
<dl>${rows.map(([term, value]) => `<div><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>
<div class="total"><span>${escapeHtml(t('total'))}</span><strong data-testid="checkout-amount">${escapeHtml(price)}</strong></div>
${actions}
</section></main></body></html>`;
}

/** A short page for an order id the store does not know. */
export function renderUnknownOrderPage(locale: Locale): string {
  const text = escapeHtml(CHECKOUT_STRINGS[locale].notFound);
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text}</title><style>${STYLE}</style></head><body><main><section class="card"><h1>${text}</h1></section></main></body></html>`;
}
