/**
 * The secrets a development store runs with when none is set: public (they are in this repository),
 * so a production store refuses each of them at start (production-rules.ts).
 */

/** The payment webhooks' development HMAC key (`PAYMENT_WEBHOOK_SECRET` unset). */
export const DEV_WEBHOOK_SECRET = 'topup-dev-webhook-secret';
