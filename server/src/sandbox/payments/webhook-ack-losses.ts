import type { Queryable } from '../../db/db';
import { sandboxSwitchLeft, setSandboxSwitch, takeSandboxSwitch } from '../game/mail-failures';

/**
 * The sandbox payment provider's lost-acknowledgement switch (table sandbox_switches): while it
 * holds a count, each webhook the store answers 2xx uses one up and is booked as unanswered, as if
 * the store's answer was lost on the way back; the provider then sends that webhook again, and the
 * store must take the repeat as the same payment. A drill for demos, tests and `npm run chaos`.
 */
const SWITCH = 'lose_webhook_ack';

export const setWebhookAckLosses = (db: Queryable, count: number): Promise<void> => setSandboxSwitch(db, SWITCH, count);

export const webhookAckLossesLeft = (db: Queryable): Promise<number> => sandboxSwitchLeft(db, SWITCH);

/** Uses up one loss when the switch holds any: true when this acknowledgement is to be "lost". */
export const takeWebhookAckLoss = (db: Queryable): Promise<boolean> => takeSandboxSwitch(db, SWITCH);
