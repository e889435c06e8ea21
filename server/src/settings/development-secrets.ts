/**
 * The secrets a development store runs with when none is set: public (they are in this repository),
 * so a production store refuses each of them at start (production-rules.ts).
 */

/** The payment webhooks' development HMAC key (`PAYMENT_WEBHOOK_SECRET` unset). */
export const DEV_WEBHOOK_SECRET = 'topup-dev-webhook-secret';

/** The character-link cookies' and ownership codes' development HMAC key (`PLAYER_LINK_SECRET` unset). */
export const DEV_PLAYER_LINK_SECRET = 'topup-dev-player-link-secret-not-for-production';
