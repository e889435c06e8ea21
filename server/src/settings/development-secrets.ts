/**
 * The secrets a development store runs with when none is set: public (they are in this repository),
 * so a production store refuses each of them at start (production-rules.ts).
 */

/** The payment webhooks' development HMAC key (`PAYMENT_WEBHOOK_SECRET` unset). */
export const DEV_WEBHOOK_SECRET = 'topup-dev-webhook-secret';

/** The character-link cookies' and ownership codes' development HMAC key (`PLAYER_LINK_SECRET` unset). */
export const DEV_PLAYER_LINK_SECRET = 'topup-dev-player-link-secret-not-for-production';

/**
 * The key that seals the operators' TOTP secrets at rest in development and tests (`OPS_SECRET_KEY`
 * unset), derived from a fixed text so that every development start opens what the last one sealed.
 */
export const DEV_OPS_SECRET_KEY = `topup-dev-ops-secret-key:${'0'.repeat(32)}`;
