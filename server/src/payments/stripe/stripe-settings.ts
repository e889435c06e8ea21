import { readSettings, type SettingTexts } from '../../settings/read-settings';
import type { Settings } from '../../settings/settings-schema';

/**
 * The Stripe settings (`PAYMENT_PROVIDER=stripe`): the secret key and the webhook endpoint's signing
 * secret are run-time secrets, never in a build or a log; `PUBLIC_URL` is where Stripe sends the
 * player back. `STRIPE_API_BASE` points the SDK at another host (a recorded stand-in in tests).
 */
export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** The store's public address, without a trailing slash (`https://shop.example.com`). */
  readonly publicUrl: string;
  /** Another API host for the SDK (`http://127.0.0.1:12111`); null: Stripe's own. */
  readonly apiBase: URL | null;
  /** The store's pay types → Stripe's payment method types (`STRIPE_PAY_METHODS`, JSON), over the defaults. */
  readonly payMethods: Readonly<Record<string, readonly string[]>>;
}

/** What each of the store's pay types is at Stripe unless `STRIPE_PAY_METHODS` says otherwise. */
export const DEFAULT_STRIPE_PAY_METHODS: Readonly<Record<string, readonly string[]>> = {
  card: ['card'],
  // Apple Pay and Google Pay come with `card` on Stripe Checkout; the wallets with their own types.
  wallet: ['card', 'link', 'paypal', 'alipay'],
  // Korean easy-pay apps.
  bank: ['kakao_pay', 'naver_pay', 'payco'],
};

/** The settings when `PAYMENT_PROVIDER=stripe`, of the checked settings; what is missing is said by `stripeProblems`. */
export function stripeSettingsFrom(settings: Settings): StripeSettings {
  return {
    secretKey: settings.STRIPE_SECRET_KEY ?? '',
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET ?? '',
    publicUrl: settings.PUBLIC_URL ?? '',
    apiBase: settings.STRIPE_API_BASE ?? null,
    payMethods: { ...DEFAULT_STRIPE_PAY_METHODS, ...settings.STRIPE_PAY_METHODS },
  };
}

/** The Stripe settings from settings given as text (a test's). */
export function loadStripeSettings(texts: SettingTexts): StripeSettings {
  return stripeSettingsFrom(readSettings(texts));
}

/** Why a store cannot take payments with these settings (empty: it can). */
export function stripeProblems(settings: StripeSettings): string[] {
  const problems: string[] = [];
  if (!/^(sk|rk)_(test|live)_\w+$/.test(settings.secretKey)) problems.push('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…).');
  if (!/^whsec_\w+$/.test(settings.webhookSecret)) problems.push('STRIPE_WEBHOOK_SECRET must be the signing secret of the webhook endpoint (whsec_…).');
  if (!/^https?:\/\/[^/]+$/.test(settings.publicUrl)) problems.push('PUBLIC_URL must be the store\'s public address (https://shop.example.com): Stripe sends the player back there.');
  return problems;
}

/** Pay types a catalogue offers that have no Stripe payment method: refused at start-up. */
export function unsupportedPayTypes(settings: StripeSettings, offered: Iterable<{ readonly where: string; readonly payType: string }>): string[] {
  const problems: string[] = [];
  for (const { where, payType } of offered) {
    if (!settings.payMethods[payType]) {
      problems.push(`pay type "${payType}" (${where}) has no Stripe payment method: map it in STRIPE_PAY_METHODS or remove it from the catalogue.`);
    }
  }
  return problems;
}
