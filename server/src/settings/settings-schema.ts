import { DEFAULT_APP_KEY } from '@topup/shared/sign';
import { setting, type SettingValue } from './setting';
import { duration, durationList, fraction, integerFrom, list, onOff, oneOf, parsed, pattern, port, positiveInteger, text, unlessOff, wholeNumber } from './setting-kinds';
import { hostsFrom, originsFrom, payMethodsFrom, publicUrlFrom, trustProxyFrom, urlFrom } from './setting-parsers';

/** The payment providers and game gateways this store can be configured with. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const GAME_GATEWAYS = ['sandbox', 'http'] as const;

/** The sender when MAIL_FROM is unset (the .invalid domain: nothing is ever delivered to it). */
export const DEFAULT_MAIL_FROM = 'TopUp Store <no-reply@topup-store.invalid>';

const DEMO = 'refused outside a demo (`STORE_MODE=demo`)';
const perMinute = (what: string, fallback: number) => setting(positiveInteger, { group: 'limits', default: fallback, doc: `${what} a minute (docs/api.md, "Settings")` });

/**
 * Every setting of the store and its commands, declared once: its kind, default, production rule and
 * doc line. Read from the environment only through `readSettings` (read-settings.ts), which checks
 * them all at start; docs/operations.md's settings table is written from this list
 * (`npm run docs:settings`). The order is the table's.
 */
export const SETTINGS = {
  NODE_ENV: setting(oneOf(['development', 'test', 'production'] as const), {
    group: 'store',
    default: 'development',
    production: '`production` turns on every rule of this column',
    refusal: 'Refusing to start: NODE_ENV must be development, test or production (or unset for development)',
    doc: 'What the store runs as; any other value (`prod`, `Production`) stops the start rather than run a development store by mistake',
  }),
  STORE_MODE: setting(oneOf(['demo'] as const, '"demo" or unset'), { group: 'store', doc: '`demo`: a public demo, with the sandbox and the demo data, shown as such on every page' }),
  HOST: setting(text, { group: 'store', default: '127.0.0.1', doc: 'The address the server listens on' }),
  PORT: setting(port, { group: 'store', default: 8080, doc: 'The port the server listens on (0: any free port)' }),
  INSTANCE_NAME: setting(text, { group: 'store', trim: true, shownDefault: 'host name:process id', doc: 'This instance\'s name in `GET /healthz`, `X-Served-By` and the leases it holds' }),
  APP_KEY: setting(text, { group: 'store', default: DEFAULT_APP_KEY, production: 'the development key is refused', doc: 'Key of the request sign, handed to the pages at run time' }),
  TRUST_PROXY: setting(parsed('hop count or addresses', trustProxyFrom, (value) => (value === false ? 'off' : String(value))), {
    group: 'store',
    default: false,
    doc: 'Which proxies\' `X-Forwarded-*` headers to believe: the hop count (`1`) or their addresses / CIDR ranges; `true` is refused',
  }),
  ASSET_ORIGINS: setting(list('origins, comma-separated', originsFrom), { group: 'store', default: [], doc: 'Other origins the pages may load code, styles and images from (a CDN)' }),
  BANNER_LINK_HOSTS: setting(list('host names, comma-separated', hostsFrom), { group: 'store', default: [], doc: 'Hosts a banner may link to over https besides the store\'s own pages' }),
  HOST_DIST: setting(text, { group: 'store', shownDefault: '`host/dist`', doc: 'Another build of the shell to serve (the benchmarks\' monolith build)' }),
  DATA_DIR: setting(text, { group: 'store', default: 'data', doc: 'The embedded database\'s folder, from the repository root' }),
  CATALOGUE_CHECK_SECONDS: setting(positiveInteger, { group: 'store', default: 5, doc: 'How often the catalogue\'s revision row is checked besides hearing each revision announced' }),
  STOP_DRAIN_SECONDS: setting(wholeNumber, { group: 'store', default: 0, doc: 'On SIGTERM, how long readiness fails before the server stops taking requests (behind a balancer: its check interval × fall count)' }),
  STOP_TIMEOUT_SECONDS: setting(positiveInteger, { group: 'store', default: 20, doc: 'On SIGTERM, how long requests and jobs under way may take before the process exits anyway' }),
  LOG: setting(unlessOff(false), { group: 'store', default: true, doc: '`off` turns the server\'s request log off; secrets are never logged' }),
  DEV_REMOTES: setting(parsed('`1` or unset', (_name, value) => value === '1', (value) => (value ? '`1`' : 'unset')), {
    group: 'store',
    default: false,
    doc: '`1` (set by `npm run dev`) serves the remotes from their dev servers, and records no build as a release',
  }),

  DATABASE_URL: setting(text, { group: 'database', secret: true, shownDefault: 'unset: the embedded PGlite', doc: 'PostgreSQL connection string (PostgreSQL in production: PGlite is one process\'s); a secret' }),
  DATABASE_POOL_SIZE: setting(integerFrom(2, 'one connection may hold a lock while another writes'), { group: 'database', default: 10, doc: 'PostgreSQL connections this process opens at most' }),
  DATABASE_STATEMENT_TIMEOUT_MS: setting(wholeNumber, { group: 'database', default: 30_000, doc: 'A statement running longer is cancelled (0: never); migrations run without it' }),
  DATABASE_APPLICATION_NAME: setting(text, { group: 'database', trim: true, shownDefault: '`topup-store <INSTANCE_NAME>`', doc: 'How the store\'s PostgreSQL connections name themselves' }),
  REDIS_URL: setting(pattern('^rediss?://[^/\\s]', 'redis:// or rediss://', 'redis:// or rediss:// address'), {
    group: 'database',
    secret: true,
    trim: true,
    refusal: 'REDIS_URL must start with redis:// or rediss:// (redis://:password@host:6379/0)',
    shownDefault: 'unset: each process counts alone',
    doc: 'The Redis every instance keeps its rate-limit counters in; a secret',
  }),
  REDIS_PREFIX: setting(pattern('^[A-Za-z0-9:._-]{1,64}$', 'up to 64 letters, digits or : . _ -'), { group: 'database', default: 'topup:', doc: 'How every key the store writes in Redis starts' }),

  PAYMENT_PROVIDER: setting(oneOf(PAYMENT_PROVIDERS), { group: 'payments and games', default: 'sandbox', production: `\`sandbox\` ${DEMO}`, doc: 'Who takes the players\' money (docs/payments.md)' }),
  PAYMENT_WEBHOOK_SECRET: setting(text, {
    group: 'payments and games',
    secret: true,
    shownDefault: 'the development secret (settings/development-secrets.ts)',
    production: 'the development secret is refused',
    doc: 'HMAC-SHA256 key of the payment webhooks',
  }),
  STRIPE_SECRET_KEY: setting(text, { group: 'payments and games', secret: true, production: 'required with `PAYMENT_PROVIDER=stripe` (in every mode)', doc: 'Stripe\'s secret or restricted key' }),
  STRIPE_WEBHOOK_SECRET: setting(text, { group: 'payments and games', secret: true, production: 'required with `PAYMENT_PROVIDER=stripe` (in every mode)', doc: 'The signing secret of Stripe\'s webhook endpoint' }),
  STRIPE_API_BASE: setting(parsed('http(s) address', urlFrom), { group: 'payments and games', shownDefault: 'Stripe\'s own', doc: 'Another API host for the Stripe SDK (a recorded stand-in in tests)' }),
  STRIPE_PAY_METHODS: setting(parsed('JSON', payMethodsFrom, () => ''), { group: 'payments and games', shownDefault: 'card, wallet, bank', doc: 'The store\'s pay types → Stripe\'s payment method types, over the defaults' }),
  PLAYER_LINK_SECRET: setting({ ...text, type: 'text, 32 characters or more', schema: { type: 'string', minLength: 32 }, must: 'at least 32 characters' }, {
    group: 'payments and games',
    secret: true,
    shownDefault: 'the development secret (settings/development-secrets.ts)',
    production: 'required (the development secret is refused)',
    doc: 'HMAC-SHA256 key of the players\' character-link cookies and ownership codes (at least 32 characters); a secret',
  }),
  GAME_GATEWAY: setting(oneOf(GAME_GATEWAYS), { group: 'payments and games', default: 'sandbox', production: `\`sandbox\` ${DEMO}`, doc: 'Who finds characters and delivers items: the sandbox game or each game\'s server over HTTP' }),
  GAME_SERVER_HOSTS: setting(list('host names, comma-separated', hostsFrom), { group: 'payments and games', default: [], shownDefault: 'any public host', doc: 'The only hosts a game\'s server may be at (docs/security.md, "Game endpoints")' }),
  ROLE_MEMORY_SECONDS: setting(wholeNumber, {
    group: 'payments and games',
    default: 60,
    doc: 'How long each instance remembers a character the game found, so that its order a moment later does not ask the game again (0: ask every time; decision 126)',
  }),
  SANDBOX_GAME_PORT: setting(port, { group: 'payments and games', shownDefault: '`PORT` + 1', doc: 'Where the sandbox game listens on 127.0.0.1 (0: any free port)' }),
  SANDBOX: setting(onOff, { group: 'payments and games', shownDefault: 'on outside production', production: `on ${DEMO}`, doc: 'The sandbox\'s developer routes: characters, mailbox, mail failure switch' }),
  SEED_DEMO: setting(onOff, { group: 'payments and games', shownDefault: 'on outside production', production: `on ${DEMO}`, doc: 'Load the demo catalogue, characters and purchases into an empty database' }),
  DEMO_DISCOUNT_CODES: setting(onOff, { group: 'payments and games', shownDefault: 'as `SEED_DEMO`', production: `on ${DEMO}`, doc: 'The demo discount codes (WELCOME10, ONCE50…) come with the demo data' }),
  SANDBOX_WEBHOOK_URL: setting(text, { group: 'payments and games', shownDefault: 'this server\'s own address', doc: 'Where the sandbox checkout sends its webhook' }),

  SMTP_URL: setting(pattern('^smtps?://', 'smtp:// or smtps://', 'smtp:// or smtps:// address'), {
    group: 'mail',
    secret: true,
    trim: true,
    refusal: 'SMTP_URL must start with smtp:// or smtps://',
    production: `required ${DEMO.replace('refused ', '')}`,
    doc: 'The mail server of receipts and support-ticket references; a secret',
  }),
  MAIL_FROM: setting(text, { group: 'mail', trim: true, default: DEFAULT_MAIL_FROM, doc: 'The sender players see' }),
  PUBLIC_URL: setting(parsed('http(s) address', publicUrlFrom), {
    group: 'mail',
    trim: true,
    shownDefault: 'the listening address',
    production: `a loopback address is refused ${DEMO.replace('refused ', '')}`,
    doc: 'The store\'s public address, for the links in mails and Stripe\'s return',
  }),
  MAIL_SINK: setting(onOff, { group: 'mail', shownDefault: 'on in development without `SMTP_URL`', production: 'on is refused', doc: 'A local SMTP server in this process catches every mail, shown at /sandbox/mail' }),

  PUBLISHER_NAME: setting(text, {
    group: 'publisher',
    trim: true,
    production: 'required, not a `[placeholder]`',
    doc: 'Who sells: the seller on receipts and the provider named in the terms, privacy and refund policies',
  }),
  PUBLISHER_ADDRESS: setting(text, { group: 'publisher', trim: true, production: 'required, not a `[placeholder]`', doc: 'The publisher\'s postal address, on receipts and in the policies' }),
  SUPPORT_EMAIL: setting(pattern('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'an e-mail address', 'e-mail address'), {
    group: 'publisher',
    trim: true,
    production: 'required',
    doc: 'The support address the policies name',
  }),
  LEGAL_DATE: setting(pattern('^\\d{4}-\\d{2}-\\d{2}$', 'a date as YYYY-MM-DD', 'date (YYYY-MM-DD)'), {
    group: 'publisher',
    trim: true,
    production: 'required',
    doc: 'When the policies were last updated, shown on them in the reader\'s language',
  }),
  LEGAL_PAGES_DIR: setting(text, {
    group: 'publisher',
    trim: true,
    shownDefault: 'unset: the build\'s policies',
    production: 'a policy players would read may not hold a `[placeholder]`: the templates\' are refused',
    doc: 'A folder with the publisher\'s reviewed `terms.html`, `privacy.html` and `refund.html`, served (with the facts above filled in) in place of the build\'s templates',
  }),

  OPS_TOKEN: setting(text, { group: 'back office', secret: true, shownDefault: 'unset: `/ops/*` off', production: 'at least 32 characters', doc: 'Bearer token of the `/ops/*` routes' }),
  OPS_SESSION_IDLE_MINUTES: setting(positiveInteger, { group: 'back office', default: 30, doc: 'A console session nobody used for this long ends' }),
  OPS_SESSION_HOURS: setting(positiveInteger, { group: 'back office', default: 12, doc: 'A console session ends this long after sign-in' }),
  OPS_SIGN_INS_PER_ADDRESS: setting(positiveInteger, { group: 'back office', default: 30, doc: 'Sign-in attempts one address may make per 15 minutes (also second-factor codes and password reset requests)' }),
  OPS_SECRET_KEY: setting({ ...text, type: 'text, 32 characters or more', schema: { type: 'string', minLength: 32 }, must: 'at least 32 characters' }, {
    group: 'back office',
    secret: true,
    shownDefault: 'the development key (settings/development-secrets.ts)',
    production: 'required (the development key is refused)',
    doc: 'Seals the operators\' TOTP secrets in the database (AES-256-GCM); a secret, kept apart from the database\'s backups. Changing it turns every second factor off until an admin clears it',
  }),
  OPS_REQUIRE_2FA: setting(onOff, { group: 'back office', shownDefault: 'on in production', doc: 'Admins and release managers must set up a TOTP second factor before they can do anything' }),
  REPORTS_KEEP_DAYS: setting(positiveInteger, { group: 'back office', default: 90, doc: 'Days the pages\' reports are kept one by one; the insights\' hourly rollups stay' }),
  INSIGHTS_ROLLUP_SECONDS: setting(positiveInteger, { group: 'back office', default: 60, doc: 'How often the insights\' hourly rollups are brought up to date (once per period for the whole cluster)' }),
  ALERT_DELIVERY_FAILURE_PERCENT: setting(positiveInteger, { group: 'back office', default: 20, doc: 'A game\'s failed delivery attempts, in per cent of its attempts in the window, that open a failing-deliveries alert (resolved below half of it)' }),
  ALERT_DELIVERY_MIN_FAILURES: setting(positiveInteger, { group: 'back office', default: 5, doc: 'Fewer failed attempts of a game in the window never open a failing-deliveries alert' }),
  ALERT_DELIVERY_WINDOW: setting(duration, { group: 'back office', default: 15 * 60_000, doc: 'The last minutes of delivery attempts the failing-deliveries alert looks at' }),
  ALERT_WATCH_INTERVAL: setting(duration, { group: 'back office', default: 60_000, doc: 'How often one instance of the cluster looks for failing deliveries' }),
  ALERT_RECONCILE_INTERVAL: setting(duration, { group: 'back office', default: 15 * 60_000, doc: 'How often one instance of the cluster runs the reconciliation\'s reports of the store\'s books for alerts' }),
  ALERT_WEBHOOK_TIMEOUT: setting(duration, { group: 'back office', default: 5_000, doc: 'An alert webhook that has not answered by then failed (retried later)' }),

  ORDER_EXPIRES_AFTER: setting(duration, { group: 'orders and delivery', default: 30 * 60_000, doc: 'An unpaid order expires after this long' }),
  UNPAID_ORDERS_PER_CHARACTER: setting(positiveInteger, { group: 'orders and delivery', default: 50, doc: 'Open unpaid orders one character may have at once from all buyers together' }),
  UNPAID_ORDERS_PER_BUYER: setting(positiveInteger, { group: 'orders and delivery', default: 5, doc: 'Open unpaid orders one buyer (one client address) may have for one character at once' }),
  DELIVERY_BACKOFF: setting(durationList, { group: 'orders and delivery', default: [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000], doc: 'Waits between failed mail attempts; the last one repeats' }),
  DELIVERY_GIVE_UP_AFTER: setting(duration, { group: 'orders and delivery', default: 24 * 3_600_000, doc: 'No attempt later than this after the first one: then delivery_failed and a refund' }),
  DELIVERY_POLL_INTERVAL: setting(duration, { group: 'orders and delivery', default: 1000, doc: 'How often the worker looks for due jobs and overdue orders' }),
  DELIVERY_LEASE: setting(duration, { group: 'orders and delivery', default: 15_000, doc: 'A claimed job\'s lease, renewed every third of it (at least 3s); the mail outbox\'s too' }),
  DELIVERY_CALL_TIMEOUT: setting(duration, { group: 'orders and delivery', default: 30_000, doc: 'A mail or refund call that takes longer counts as failed' }),
  DELIVERY_WORKER: setting(unlessOff(true), { group: 'orders and delivery', default: true, doc: '`off` leaves the delivery worker to other processes' }),
  DELIVERY_FAULT: setting(oneOf(['crash-after-mail'] as const, 'crash-after-mail or empty'), {
    group: 'orders and delivery',
    production: 'refused',
    doc: 'Crash drill: the process kills itself right after a mail went out and before the order records it',
  }),

  ROLE_LOOKUPS_PER_MINUTE: setting(positiveInteger, { group: 'limits', default: 30, doc: 'Role lookups allowed per client address a minute' }),
  ORDERS_PER_MINUTE: perMinute('createOrder and pcpay/pay per client address', 20),
  ORDERS_PER_MINUTE_PER_CHARACTER: perMinute('createOrder and pcpay/pay per character', 10),
  // A result page asks every 2 s (30 a minute): four pages at once from one address, two per order.
  ORDER_READS_PER_MINUTE: perMinute('Order reads per client address', 120),
  ORDER_READS_PER_MINUTE_PER_ORDER: perMinute('Order reads per order', 60),
  CODE_CHECKS_PER_MINUTE: perMinute('Discount-code checks per client address', 30),
  CODE_CHECKS_PER_MINUTE_PER_CHARACTER: perMinute('Discount-code checks per character', 15),
  // A player writes once; a few more cover a typo fixed and sent again.
  SUPPORT_TICKETS_PER_MINUTE: perMinute('Support tickets per client address', 5),
  // Per recipient whichever address sends: the acknowledgements one mailbox gets from strangers.
  SUPPORT_TICKETS_PER_MINUTE_PER_EMAIL: perMinute('Support tickets per e-mail address written to', 3),
  SUPPORT_TICKETS_PER_DAY_PER_EMAIL: setting(positiveInteger, { group: 'limits', default: 10, doc: 'Support tickets a day per e-mail address written to' }),
  // Reading a ticket needs its reference and its e-mail address; these bound guessing either (a player reads a few times).
  TICKET_LOOKUPS_PER_MINUTE: perMinute('Ticket lookups (help page, "My tickets") per client address', 10),
  TICKET_LOOKUPS_PER_MINUTE_PER_TICKET: perMinute('Ticket lookups per ticket reference, whichever address asks', 5),
  TICKET_LOOKUPS_PER_DAY_PER_TICKET: setting(positiveInteger, { group: 'limits', default: 30, doc: 'Ticket lookups a day per ticket reference, whichever address asks' }),
  // Each code is an in-game mail: a character's mailbox gets at most one a minute and five an hour, whoever asks.
  OWNERSHIP_CODES_PER_MINUTE: perMinute('Ownership codes asked for per client address', 3),
  OWNERSHIP_CODES_PER_HOUR: setting(positiveInteger, { group: 'limits', default: 10, doc: 'Ownership codes asked for an hour per client address' }),
  OWNERSHIP_CODES_PER_MINUTE_PER_CHARACTER: perMinute('Ownership codes mailed per character, whichever address asks', 1),
  OWNERSHIP_CODES_PER_HOUR_PER_CHARACTER: setting(positiveInteger, { group: 'limits', default: 5, doc: 'Ownership codes mailed an hour per character, whichever address asks' }),
  // A code allows five tries itself; these bound the requests around it.
  OWNERSHIP_CONFIRMS_PER_MINUTE: perMinute('Ownership code confirmations per client address', 10),
  OWNERSHIP_CONFIRMS_PER_MINUTE_PER_CHARACTER: perMinute('Ownership code confirmations per character', 10),

  HEALTH_SAMPLE: setting(fraction, { group: 'release health', default: 1, doc: 'Share of page loads that report their health (handed to the pages)' }),
  HEALTH_KEEP_DAYS: setting(positiveInteger, { group: 'release health', default: 14, doc: 'Days the per-minute figures are kept' }),
  ROLLBACK_MIN_LOADS: setting(positiveInteger, { group: 'release health', default: 50, doc: 'Page loads a new version needs before the store judges it' }),
  ROLLBACK_WINDOW_MINUTES: setting(positiveInteger, { group: 'release health', default: 30, doc: 'Minutes after its start that a version is watched' }),
  ROLLBACK_MAX_FAILURE_RATE: setting(fraction, { group: 'release health', default: 0.05, doc: 'Failure rate above which a version may be rolled back' }),
  ROLLBACK_CHECK_SECONDS: setting(positiveInteger, { group: 'release health', default: 10, doc: 'How often the store looks' }),
  HEALTH_LOADS_PER_NETWORK: setting(positiveInteger, { group: 'release health', default: 20, doc: 'Loads of one version one network (/24, /64) may add in a window' }),
  HEALTH_TOKEN_MINUTES: setting(positiveInteger, { group: 'release health', default: 15, doc: 'Minutes a page load\'s health token counts' }),
  RELEASE_SIGNING_KEY: setting({ ...text, type: 'text, 32 characters or more', schema: { type: 'string', minLength: 32 }, must: 'at least 32 characters' }, {
    group: 'release health',
    secret: true,
    shownDefault: 'a key drawn once and kept in the database',
    doc: 'Signs load tokens and preview links (at least 32 characters); a secret',
  }),

  TOPUP_SERVER_URL: setting(text, { group: 'commands', shownDefault: 'the address the running server announced', doc: 'Release commands go through this server when it holds the embedded database' }),
  OPS_ACTOR: setting(text, { group: 'commands', shownDefault: 'the system user', doc: 'Who runs a release command, for the activation history' }),
  INSTANCES: setting(positiveInteger, { group: 'commands', default: 3, doc: '`npm run cluster`: how many instances' }),
  GAME_SERVER_SECRET: setting(text, { group: 'commands', secret: true, shownDefault: 'the sandbox game\'s', doc: '`npm run test:game-contract`: the game server\'s secret (or `--secret`)' }),
  PG_BIN: setting(text, { group: 'commands', shownDefault: 'the newest installed PostgreSQL', doc: '`npm run chaos`: where initdb and pg_ctl are' }),
  INIT_CWD: setting(text, { group: 'commands', shownDefault: 'set by npm', doc: '`npm run catalogue`: the folder a file name is read from' }),
} as const;

export type SettingName = keyof typeof SETTINGS;

/** The store's settings, checked and typed: what `readSettings` gives. */
export type Settings = { readonly [Name in SettingName]: SettingValue<(typeof SETTINGS)[Name]> };
