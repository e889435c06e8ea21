import path from 'node:path';
import { ESLint } from 'eslint';

// The server's layers (docs/architecture.md, "Server") are kept by lint: this proves the rule bites.
const root = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function layerProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('layers of the server', () => {
  it.each([
    ['server/src/orders/x.ts', "import { ApiError } from '../api/api-error';"],
    ['server/src/payments/x.ts', "import type { ActionInput } from '../api/action';"],
    ['server/src/x.ts', "import { RET } from './api/ret-codes';"],
    ['server/src/sandbox/game/x.ts', "import { message } from '../../api/messages';"],
    ['server/src/orders/x.ts', "import { SandboxPaymentProvider } from '../sandbox/payments/sandbox-payment-provider';"],
    ['server/src/delivery/x.ts', "import { SwitchableSandboxGame } from '../sandbox/game/mail-failures';"],
    ['server/src/api/x.ts', "import { sandboxGame } from '../sandbox/install-sandbox';"],
  ])('%s may not %s', async (file, code) => {
    expect(await layerProblems(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/src/api/x.ts', "import { placeOrder } from '../orders/place-order';"],
    ['server/src/orders/x.ts', "import { DomainError } from '../domain-errors';"],
    ['server/src/sandbox/game/x.ts', "import type { GameGateway } from '../../game/game-gateway';"],
    ['server/src/http/app.ts', "import { apiPlugin } from './api/api-plugin';"],
    ['server/src/http/app.ts', "import { sandboxGame } from './sandbox/install-sandbox';"],
    ['server/src/main.ts', "import { seedIfEmpty } from './sandbox/seed/seed-demo';"],
    ['server/src/cli/x.ts', "import { sandboxPaymentBooks } from '../sandbox/install-sandbox';"],
  ])('%s may %s', async (file, code) => {
    expect(await layerProblems(file, code)).toEqual([]);
  });
});

/** Every module of server/src with the tables its SQL writes (INSERT, UPDATE, DELETE, upsertRows). */
function tableWriters(): Map<string, Set<string>> {
  const fs = require('node:fs') as typeof import('node:fs');
  const src = path.join(root, 'server', 'src');
  const writers = new Map<string, Set<string>>();
  const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const text = fs.readFileSync(path.join(src, file), 'utf8');
    // A statement is a string that starts with SQL; a message quoting SQL for an operator is not a write.
    const sql = [...text.matchAll(/`\s*((?:INSERT|UPDATE|DELETE|WITH|SELECT)\b[^`]*)`|'\s*((?:INSERT|UPDATE|DELETE|WITH|SELECT)\b[^']*)'/g)]
      .map((m) => m[1] ?? m[2])
      .join('\n');
    const tables = [
      ...[...sql.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)/gi)].map((m) => m[1]!.toLowerCase()),
      ...[...text.matchAll(/(?:upsertRows\(\s*\w+,|writer<[^>]*>\()\s*'([a-z_]+)'/g)].map((m) => m[1]!),
    ].filter((table) => table !== 'set');
    for (const table of tables) writers.set(table, (writers.get(table) ?? new Set()).add(file.split(path.sep).join('/')));
  }
  return writers;
}

describe('one owner per table', () => {
  // docs/architecture.md, "Server": each table and the only modules whose SQL writes it.
  const OWNERS: Record<string, readonly string[]> = {
    delivery_outbox: ['fulfilment/outbox.ts'],
    refunds: ['payments/refunds.ts'],
    payment_events: ['payments/payment-events.ts'],
    // The order workflow: every change of an order and its timeline (decision 262).
    orders: ['orders/order-workflow.ts'],
    order_events: ['orders/order-workflow.ts'],
    reports: ['reports/record-report.ts'],
    catalogue_revision: ['catalogue/catalogue-cache.ts'],
    releases: ['releases/registry-repo.ts'],
    live_versions: ['releases/registry-repo.ts'],
    release_activations: ['releases/registry-repo.ts'],
    release_files: ['releases/release-store.ts'],
    release_health: ['releases/release-health.ts'],
    release_policies: ['releases/release-health.ts'],
    release_health_loads: ['releases/release-health.ts'],
    release_signing_key: ['releases/signing-key.ts'],
    sandbox_mail: ['sandbox/game/mailbox.ts'],
    sandbox_payments: ['sandbox/payments/sandbox-ledger.ts'],
    operators: ['ops/operators.ts'],
    operator_sessions: ['ops/sessions.ts'],
    operator_sign_in_failures: ['ops/sessions.ts'],
    audit_log: ['ops/audit.ts'],
    catalogue_revisions: ['catalogue/catalogue-file.ts'],
    catalogue_images: ['catalogue/catalogue-images.ts'],
    catalogue_draft_rows: ['catalogue/catalogue-drafts.ts'],
    support_tickets: ['support/support-tickets.ts'],
    mail_outbox: ['fulfilment/mail-outbox.ts'],
    chore_runs: ['db/cluster-chore.ts'],
    insights_report_hours: ['insights/roll-up.ts'],
    insights_order_hours: ['insights/roll-up.ts'],
    insights_delivery_hours: ['insights/roll-up.ts'],
    insights_rollup_state: ['insights/roll-up.ts'],
    stripe_checkout_sessions: ['payments/stripe/checkout-sessions.ts'],
    alert_channels: ['alerts/channels.ts'],
    alert_subscriptions: ['alerts/channels.ts'],
    alert_incidents: ['alerts/incidents.ts'],
    alert_seen: ['alerts/incidents.ts'],
    alert_deliveries: ['alerts/alert-deliveries.ts'],
    post_purchase_offers: ['discounts/post-purchase-offers.ts'],
    // Returning players (decision 304)
    ownership_codes: ['players/ownership-codes.ts'],
    character_links: ['players/character-links.ts'],
    player_mails: ['players/player-mails.ts'],
    daily_gifts: ['players/daily-gift.ts'],
    points_ledger: ['players/points.ts', 'players/redeem-points.ts'],
    offer_experiments: ['experiments/offer-experiments.ts'],
    offer_experiment_variants: ['experiments/offer-experiments.ts'],
    offer_experiment_visits: ['experiments/offer-experiments.ts'],
    offer_experiment_conversions: ['experiments/offer-experiments.ts'],
  };
  const writers = tableWriters();

  it.each(Object.entries(OWNERS))('%s is written only by its owner', (table, owners) => {
    const found = [...(writers.get(table) ?? [])];
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((file) => !owners.includes(file))).toEqual([]);
  });

  it('catalogue tables and discount codes are written through their owners only', () => {
    for (const table of ['games', 'servers', 'bundles', 'banners', 'product_tabs', 'pay_types']) {
      expect([...(writers.get(table) ?? [])]).toEqual(['catalogue/write-catalogue.ts']);
    }
    expect([...(writers.get('discount_codes') ?? [])]).toEqual(['discounts/discount-codes.ts']);
  });
});
