import { isEmailAddress } from '@topup/shared/formats';
import type { PlayerTicket } from '@topup/shared/types';
import { findPlayerTicket } from '../../../support/support-tickets';
import { defineAction } from '../action';
import { ApiError } from '../api-error';
import { FIELD } from '../fields';
import { RET } from '../ret-codes';

/**
 * `findSupportTicket`: the help page's "My tickets". A player reads a ticket with its reference and
 * the e-mail address it was sent from; both must match, and a wrong reference is answered exactly
 * like a wrong address (ret 1023, the same words), so the lookup tells a stranger nothing. Rate
 * limited per client address and per reference, a minute and a day (limit-settings.ts).
 */
export const findSupportTicket = defineAction({
  fields: { reference: FIELD.ticketReference, email: FIELD.email },
  signed: true,
  limit: 'ticketLookup',
  async handle(input, { db }): Promise<PlayerTicket> {
    const reference = (input.reference ?? '').trim();
    const email = (input.email ?? '').trim();
    if (reference === '') throw new ApiError(RET.MISSING_PARAMETER, 'missingParameter', 'reference');
    if (!isEmailAddress(email)) throw new ApiError(RET.INVALID_PARAMETER, 'emailInvalid', 'email');
    const ticket = await findPlayerTicket(db, reference, email);
    if (!ticket) throw new ApiError(RET.TICKET_NOT_FOUND, 'ticketNotFound');
    return ticket;
  },
});
