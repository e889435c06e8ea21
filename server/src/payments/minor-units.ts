import { currencyCode } from '@topup/shared/rules';

/** "4.99" USD → 499; "5900" KRW → 5900. null when the text is not an amount of that currency. */
export function parseAmount(text: unknown, currency: string): number | null {
  if (typeof text !== 'string') return null;
  if (currency === 'KRW') return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
  if (currency === 'USD') {
    const match = /^(0|[1-9]\d{0,7})\.(\d\d)$/.exec(text);
    return match ? Number(match[1]) * 100 + Number(match[2]) : null;
  }
  return null;
}

/** 499 USD → "4.99"; 5900 KRW → "5900". */
export function amountText(minor: number, currency: string): string {
  return currency === 'KRW' ? String(minor) : (minor / 100).toFixed(2);
}

/** "4.99" for dollars (kept in cents), "5900" for won: an amount in the currency of an area. */
export function formatAmount(minor: number, area: string): string {
  return amountText(minor, currencyCode(area));
}
