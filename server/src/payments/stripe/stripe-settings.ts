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

function payMethodsFrom(text: string | undefined): Record<string, readonly string[]> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('STRIPE_PAY_METHODS must be JSON like {"card":["card"],"wallet":["card","paypal"]}');
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((types) => Array.isArray(types) && types.length > 0 && types.every((type) => typeof type === 'string' && /^[a-z_]+$/.test(type)));
  if (!valid) throw new Error('STRIPE_PAY_METHODS must map each pay type to a non-empty list of Stripe payment method types');
  return parsed as Record<string, readonly string[]>;
}

/** The settings when `PAYMENT_PROVIDER=stripe`; what is missing is said by `stripeProblems`. */
export function loadStripeSettings(env: NodeJS.ProcessEnv): StripeSettings {
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/+$/, ''),
    apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null,
    payMethods: { ...DEFAULT_STRIPE_PAY_METHODS, ...payMethodsFrom(env.STRIPE_PAY_METHODS) },
  };
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
