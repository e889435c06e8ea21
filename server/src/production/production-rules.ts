import { DEFAULT_APP_KEY } from '@topup/shared/sign';
import type { ServerConfig } from '../config';
import { stripeProblems } from '../payments';
import { builtPolicies, policyProblems, publisherProblems, readPublisherPolicies } from '../publisher';
import { isLoopbackUrl } from './loopback-url';
import { DEV_PLAYER_LINK_SECRET } from '../settings/development-secrets';

/** The shortest `OPS_TOKEN` a production store accepts. */
export const MIN_OPS_TOKEN_LENGTH = 32;

const DEMO_HINT = 'STORE_MODE=demo allows it for a public demo without real payments.';

/**
 * What a production server must refuse to start with, every problem at once (empty: fine).
 * Development is refused only a payment provider without its keys. A public demo (`STORE_MODE=demo`) may use the sandbox and demo
 * data, but its keys and tokens must still be its own when NODE_ENV is production.
 */
export function productionProblems(config: ServerConfig): string[] {
  // A store set to take real money needs its provider's keys in every mode.
  const problems: string[] = config.stripe ? stripeProblems(config.stripe) : [];
  if (config.nodeEnv !== 'production') return problems;
  if (config.appKey === DEFAULT_APP_KEY) {
    problems.push(`the development app key "${DEFAULT_APP_KEY}" is set: set APP_KEY to this store's key.`);
  }
  if (config.developmentWebhookSecret) {
    problems.push('the development PAYMENT_WEBHOOK_SECRET is in use (it is in the store\'s public code): set PAYMENT_WEBHOOK_SECRET to the payment provider\'s secret.');
  }
  if (config.playerLinkSecret === DEV_PLAYER_LINK_SECRET) {
    problems.push('PLAYER_LINK_SECRET is unset (the development secret is in the store\'s public code): set it to at least 32 random characters; it signs the players\' character links.');
  }
  if (config.ops.developmentSecretKey) {
    problems.push('OPS_SECRET_KEY is unset: the operators\' second-factor secrets would be sealed with the development key (it is in the store\'s public code). Set OPS_SECRET_KEY to 32 or more random characters, kept apart from the database\'s backups.');
  }
  if (config.opsToken !== null && config.opsToken.length < MIN_OPS_TOKEN_LENGTH) {
    problems.push(`OPS_TOKEN is ${config.opsToken.length} characters long: use at least ${MIN_OPS_TOKEN_LENGTH} random characters (or leave it unset to turn /ops off).`);
  }
  if (config.mail.sink) problems.push('MAIL_SINK=on catches the store\'s e-mails in the server instead of sending them: set SMTP_URL and leave MAIL_SINK unset.');
  if (config.storeMode === 'demo') return problems;
  if (isLoopbackUrl(config.mail.publicUrl)) {
    problems.push(`PUBLIC_URL is ${config.mail.publicUrl}: the links in the store's e-mails would lead to this machine. Set PUBLIC_URL to the store's public address.`);
  }
  // The policies and receipts name who sells: never "[PUBLISHER NAME], [ADDRESS]" to players.
  problems.push(...publisherProblems(config.publisher));
  // Nor the template's "[GOVERNING LAW]", "[N days]": the policies players would read are complete.
  const policies = config.publisher.policiesDir ? readPublisherPolicies(config.publisher.policiesDir) : null;
  problems.push(...policyProblems(builtPolicies(config.hostDist), policies, config.publisher));
  if (!config.mail.smtpUrl) problems.push('SMTP_URL is unset: receipts and support-ticket references would never be e-mailed. Set SMTP_URL and MAIL_FROM (docs/email.md).');
  if (config.paymentProvider === 'sandbox') {
    problems.push(`the payment provider is the sandbox, which marks orders paid without taking money: set PAYMENT_PROVIDER to a real provider. ${DEMO_HINT}`);
  }
  if (config.gameGateway === 'sandbox') {
    problems.push(`the game gateway is the sandbox game, not the publisher's game servers: set GAME_GATEWAY. ${DEMO_HINT}`);
  }
  if (config.sandboxRoutes) problems.push(`SANDBOX=on exposes the sandbox's characters, mailbox and failure switch. ${DEMO_HINT}`);
  if (config.seedDemo) problems.push(`SEED_DEMO=on loads the demo catalogue and characters. ${DEMO_HINT}`);
  if (config.demoDiscountCodes) problems.push(`DEMO_DISCOUNT_CODES=on loads discount codes anyone can read in the docs (WELCOME10, ONCE50). ${DEMO_HINT}`);
  return problems;
}

/** The message a refused start prints. */
export function refusalMessage(problems: readonly string[], production = true): string {
  return [
    production ? 'Refusing to start: NODE_ENV=production and' : 'Refusing to start:',
    ...problems.map((problem) => `  - ${problem}`),
    'See "Going to production" in docs/operations.md.',
  ].join('\n');
}

/** Throws the refusal when a production server would be unsafe. */
export function assertSafeToStart(config: ServerConfig): void {
  const problems = productionProblems(config);
  if (problems.length) throw new Error(refusalMessage(problems, config.nodeEnv === 'production'));
}
