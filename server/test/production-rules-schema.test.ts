import { DEFAULT_APP_KEY } from '@topup/shared/sign';
import { loadConfig } from '../src/config';
import { loadOrderSettings } from '../src/orders/order-settings';
import { productionProblems } from '../src/production/production-rules';
import { SETTINGS, type SettingName } from '../src/settings/settings-schema';

// The settings schema says each production rule once, in words (docs/operations.md's table is written
// from it); production-rules.ts and the settings' loaders enforce them. This ties the two: every
// setting whose declaration has a production rule is refused when breached, and a complete production
// configuration starts. A rule added to the schema without its check, or a check without its line in
// the schema, fails here.

/** A store ready for real money: every rule met. */
const LIVE = {
  NODE_ENV: 'production',
  APP_KEY: 'live-app-key-1234',
  PAYMENT_WEBHOOK_SECRET: 'whsec_live',
  PUBLIC_URL: 'https://shop.example.com',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  GAME_GATEWAY: 'http',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLISHER_NAME: 'Dragon Works Ltd',
  PUBLISHER_ADDRESS: '1 Harbour Road, Busan 48058, Korea',
  SUPPORT_EMAIL: 'help@dragonworks.example',
  LEGAL_DATE: '2026-11-02',
  OPS_TOKEN: 'o'.repeat(40),
  PLAYER_LINK_SECRET: 'p'.repeat(40),
  OPS_SECRET_KEY: 's'.repeat(40),
};

/** For each setting with a production rule: settings that breach it (on top of LIVE). */
const BREACHES: Partial<Record<SettingName, Record<string, string>>> = {
  APP_KEY: { APP_KEY: DEFAULT_APP_KEY },
  PAYMENT_PROVIDER: { PAYMENT_PROVIDER: 'sandbox' },
  PAYMENT_WEBHOOK_SECRET: { PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: '' },
  STRIPE_SECRET_KEY: { STRIPE_SECRET_KEY: '' },
  STRIPE_WEBHOOK_SECRET: { STRIPE_WEBHOOK_SECRET: '' },
  GAME_GATEWAY: { GAME_GATEWAY: 'sandbox' },
  SANDBOX: { SANDBOX: 'on' },
  SEED_DEMO: { SEED_DEMO: 'on' },
  DEMO_DISCOUNT_CODES: { DEMO_DISCOUNT_CODES: 'on' },
  SMTP_URL: { SMTP_URL: '' },
  PUBLIC_URL: { PUBLIC_URL: 'http://127.0.0.1:8080' },
  MAIL_SINK: { MAIL_SINK: 'on' },
  PUBLISHER_NAME: { PUBLISHER_NAME: '[PUBLISHER NAME]' },
  PUBLISHER_ADDRESS: { PUBLISHER_ADDRESS: '' },
  SUPPORT_EMAIL: { SUPPORT_EMAIL: '' },
  LEGAL_DATE: { LEGAL_DATE: '' },
  LEGAL_PAGES_DIR: { LEGAL_PAGES_DIR: '/nonexistent/topup-policies' },
  OPS_TOKEN: { OPS_TOKEN: 'short' },
  PLAYER_LINK_SECRET: { PLAYER_LINK_SECRET: '' },
  OPS_SECRET_KEY: { OPS_SECRET_KEY: '' },
  DELIVERY_FAULT: { DELIVERY_FAULT: 'crash-after-mail' },
};

/** NODE_ENV's rule is the column's switch itself ("`production` turns on every rule of this column"). */
const SWITCH: SettingName = 'NODE_ENV';

/** Everything a production start refuses, as production-rules.ts and the loaders say it. */
function refusals(env: Record<string, string>): string {
  const thrown: string[] = [];
  for (const load of [() => productionProblems({ ...loadConfig(env), hostDist: '/nonexistent/topup-build' }), () => loadOrderSettings(env)]) {
    try {
      const problems = load();
      if (Array.isArray(problems)) thrown.push(...problems);
    } catch (error) {
      thrown.push((error as Error).message);
    }
  }
  return thrown.join('\n');
}

describe('the production rules the settings schema declares', () => {
  it('are each enforced: breaching one alone is refused, naming the setting', () => {
    const declared = (Object.keys(SETTINGS) as SettingName[]).filter((name) => 'production' in SETTINGS[name] && SETTINGS[name].production && name !== SWITCH);
    // The schema's rules and this list are the same settings.
    expect(Object.keys(BREACHES).sort()).toEqual([...declared].sort());
    for (const name of declared) {
      expect({ name, refused: refusals({ ...LIVE, ...BREACHES[name] }) }).toEqual({ name, refused: expect.stringContaining(name) });
    }
  });

  it('leave a complete production configuration nothing to refuse', () => {
    expect(refusals(LIVE)).toBe('');
  });

  it('are only production\'s: development refuses none of the breaches a development store needs', () => {
    const development = { ...LIVE, NODE_ENV: 'development' };
    for (const name of ['APP_KEY', 'PAYMENT_PROVIDER', 'GAME_GATEWAY', 'SANDBOX', 'SEED_DEMO', 'SMTP_URL', 'PUBLISHER_NAME', 'LEGAL_PAGES_DIR'] as const) {
      expect({ name, refused: refusals({ ...development, ...BREACHES[name] }) }).toEqual({ name, refused: '' });
    }
  });
});
