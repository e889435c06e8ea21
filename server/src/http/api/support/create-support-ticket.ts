import { isEmailAddress } from '@topup/shared/formats';
import { createTicket } from '../../../support/support-tickets';
import { defineAction } from '../action';
import { ApiError } from '../api-error';
import { FIELD } from '../fields';
import { RET } from '../ret-codes';

/** What the contact form answers: the ticket's reference, shown to the player and e-mailed. */
export interface CreatedTicket {
  readonly reference: string;
}

/**
 * `createSupportTicket`: the help page's contact form. Stores the ticket and queues the mail with
 * its reference; rate limited per address and per e-mail address (limit-settings.ts).
 */
export const createSupportTicket = defineAction({
  fields: { email: FIELD.email, message: FIELD.message, order_id: FIELD.orderId, game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  limit: 'supportTicket',
  async handle(input, { db, locale, orders }): Promise<CreatedTicket> {
    const email = (input.email ?? '').trim();
    const message = (input.message ?? '').trim();
    if (!isEmailAddress(email)) throw new ApiError(RET.INVALID_PARAMETER, 'emailInvalid', 'email');
    if ([...message].length < 10) throw new ApiError(RET.MISSING_PARAMETER, 'messageMissing', 'message');
    const gameId = input.game_id ? Number(input.game_id) : null;
    const reference = await createTicket(db, {
      orderId: (input.order_id ?? '').trim(),
      gameId: gameId && gameId > 0 ? gameId : null,
      area: (input.area ?? '').trim().toLowerCase(),
      email,
      message,
      locale,
    });
    orders.wakeMail?.();
    return { reference };
  },
});
