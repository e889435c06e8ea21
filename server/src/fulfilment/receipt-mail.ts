import { formatDeadline } from '@topup/shared/formats';
import { formatPrice, LOCALES, type Locale } from '@topup/shared/rules';
import { findGameArea, type Catalogue } from '../catalogue/catalogue';
import { payTypeName } from '../catalogue/catalogue-language';
import type { MailItem } from '../game/game-gateway';
import { formatAmount } from '../payments';
import type { OutgoingMail } from './mail-outbox';
import { escapeHtml } from '../text/escape-html';

/** What a receipt is written from (columns of the delivered order). */
export interface ReceiptOrder {
  readonly order_id: string;
  readonly game_id: number;
  readonly area: string;
  readonly server_name: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly product_name: string;
  readonly pay_type: string;
  readonly amount_minor: number;
  /** The order page's language. */
  readonly locale: string;
  readonly receipt_email: string;
}

interface ReceiptWords {
  readonly subject: (product: string) => string;
  readonly intro: string;
  readonly labels: Readonly<Record<'order' | 'date' | 'game' | 'character' | 'bundle' | 'items' | 'amount' | 'payMethod' | 'status', string>>;
  readonly delivered: string;
  readonly link: string;
  readonly help: string;
  readonly footer: string;
  /** Between a label and its value: ": ", or the full-width colon in Chinese. */
  readonly colon: string;
}

const WORDS: Readonly<Record<Locale, ReceiptWords>> = {
  en: {
    subject: (product) => `Your receipt: ${product}`,
    intro: 'Thank you for your purchase. The items are in your character\'s in-game mailbox.',
    labels: { order: 'Order ID', date: 'Date', game: 'Game', character: 'Character', bundle: 'Bundle', items: 'Items', amount: 'Amount paid', payMethod: 'Payment method', status: 'Status' },
    delivered: 'Delivered',
    link: 'Receipt online',
    help: 'Questions about this order? Quote its order ID on the help page',
    footer: 'You receive this e-mail because this address was given on the order page. We do not send marketing mail.',
    colon: ': ',
  },
  ko: {
    subject: (product) => `영수증: ${product}`,
    intro: '구매해 주셔서 감사합니다. 아이템은 캐릭터의 게임 내 우편함으로 발송되었습니다.',
    labels: { order: '주문 번호', date: '일시', game: '게임', character: '캐릭터', bundle: '상품', items: '아이템', amount: '결제 금액', payMethod: '결제 수단', status: '상태' },
    delivered: '발송 완료',
    link: '온라인 영수증',
    help: '이 주문에 대해 궁금한 점이 있으면 도움말 페이지에서 주문 번호와 함께 문의해 주세요',
    footer: '주문 페이지에서 이 이메일 주소를 입력하셨기 때문에 이 메일을 받으셨습니다. 광고 메일은 보내지 않습니다.',
    colon: ': ',
  },
  zh: {
    subject: (product) => `您的收据：${product}`,
    intro: '感谢您的购买。道具已发送至角色的游戏内邮箱。',
    labels: { order: '订单号', date: '时间', game: '游戏', character: '角色', bundle: '礼包', items: '道具', amount: '支付金额', payMethod: '支付方式', status: '状态' },
    delivered: '已到账',
    link: '在线收据',
    help: '对此订单有疑问？请在帮助页面提供订单号联系我们',
    footer: '您收到此邮件是因为在下单页面填写了此邮箱地址。我们不会发送营销邮件。',
    colon: '：',
  },
};

function localeOf(order: Pick<ReceiptOrder, 'locale'>): Locale {
  return (LOCALES as readonly string[]).includes(order.locale) ? (order.locale as Locale) : 'en';
}

/** The link to an order's printable receipt, in the order's language. */
export function receiptUrl(publicUrl: string, order: Pick<ReceiptOrder, 'order_id' | 'role_id' | 'locale'>): string {
  const query = new URLSearchParams({ order_id: order.order_id, role_id: order.role_id, lang: localeOf(order) });
  return `${publicUrl}/#/receipt?${query}`;
}

/**
 * The receipt e-mailed when an order is delivered, in the language of the page it was ordered on:
 * what the receipt page shows (order, date, game, character, bundle, items, amount, pay method,
 * status) and the link to it. Keyed `receipt:<order_id>`: queued once however often delivery is recorded.
 */
export function receiptMail(order: ReceiptOrder, items: readonly MailItem[], catalogue: Catalogue, publicUrl: string, deliveredAt: Date): OutgoingMail {
  const locale = localeOf(order);
  const words = WORDS[locale];
  const gameArea = findGameArea(catalogue, order.game_id, order.area);
  const pay = gameArea?.payTypes.find((type) => type.payType === order.pay_type);
  const payName = pay && gameArea ? payTypeName(pay, order.area, locale) : order.pay_type;
  const link = receiptUrl(publicUrl, order);
  const rows: [string, string][] = [
    [words.labels.order, order.order_id],
    [words.labels.date, formatDeadline(deliveredAt.toISOString(), locale, 'UTC')],
    [words.labels.game, catalogue.games.get(order.game_id)?.names[locale] ?? String(order.game_id)],
    [words.labels.character, `${order.role_name} (${order.role_id}) · ${order.server_name}`],
    [words.labels.bundle, order.product_name],
    [words.labels.items, items.map((item) => `${item.name} ×${item.quantity}`).join(', ')],
    [words.labels.amount, formatPrice(formatAmount(order.amount_minor, order.area), order.area)],
    [words.labels.payMethod, payName],
    [words.labels.status, words.delivered],
  ];
  const text = [
    words.intro,
    '',
    ...rows.map(([label, value]) => `${label}${words.colon}${value}`),
    '',
    `${words.link}${words.colon}${link}`,
    `${words.help}${words.colon}${publicUrl}/#/help?lang=${locale}`,
    '',
    words.footer,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2430">
<p>${escapeHtml(words.intro)}</p>
<table style="border-collapse:collapse">${rows
    .map(([label, value]) => `<tr><th scope="row" style="text-align:start;padding:4px 12px 4px 0;color:#555">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
    .join('')}</table>
<p><a href="${escapeHtml(link)}">${escapeHtml(words.link)}</a></p>
<p>${escapeHtml(words.help)}${escapeHtml(words.colon)}<a href="${escapeHtml(`${publicUrl}/#/help?lang=${locale}`)}">${escapeHtml(`${publicUrl}/#/help`)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(words.footer)}</p>
</body></html>`;
  return { key: `receipt:${order.order_id}`, to: order.receipt_email, subject: words.subject(order.product_name), text, html, locale };
}
