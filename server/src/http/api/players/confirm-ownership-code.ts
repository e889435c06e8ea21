import { confirmOwnershipCode as checkOwnershipCode, LINK_LIFE_MS, type CodeRefusal } from '../../../players';
import { defineAction } from '../action';
import { ApiError, invalid, missing } from '../api-error';
import { FIELD } from '../fields';
import type { MessageKey } from '../messages';
import { RET, type RetCode } from '../ret-codes';
import { characterOf } from './character-of';

const REFUSALS: Readonly<Record<CodeRefusal, { ret: RetCode; messageKey: MessageKey }>> = {
  wrong_code: { ret: RET.OWNERSHIP_CODE_WRONG, messageKey: 'ownershipCodeWrong' },
  expired: { ret: RET.OWNERSHIP_CODE_EXPIRED, messageKey: 'ownershipCodeExpired' },
  too_many_tries: { ret: RET.OWNERSHIP_CODE_SPENT, messageKey: 'ownershipCodeSpent' },
  no_code: { ret: RET.OWNERSHIP_CODE_NONE, messageKey: 'ownershipCodeNone' },
};

/**
 * `confirmOwnershipCode {game_id, area, server_id, role_id, code}`: the code the character was mailed,
 * typed by the player. Right: this browser is linked to the character (the link cookie is set) and the
 * code is spent. Each wrong try counts; the fifth spends the code.
 */
export const confirmOwnershipCode = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId, uid: FIELD.uid, code: FIELD.ownershipCode },
  signed: true,
  limit: 'ownershipConfirm',
  async handle(input, context) {
    const { gameId, area, serverId, roleId } = characterOf(input, context);
    // Spaces a player types between the digits are not part of the code.
    const code = (input.code ?? '').replace(/\s+/g, '');
    if (code === '') throw missing('code', 'fillOwnershipCode');
    if (!/^[0-9]{6}$/.test(code)) throw invalid('code');
    const outcome = await checkOwnershipCode(context.db, context.links.secret, { gameId, area, serverId, roleId }, code, LINK_LIFE_MS, context.links.ids());
    if ('refused' in outcome) {
      const { ret, messageKey } = REFUSALS[outcome.refused];
      throw new ApiError(ret, messageKey);
    }
    context.links.remember(outcome.linked.linkId);
    return { linked: true, role_name: outcome.linked.roleName, expires_at: outcome.linked.expiresAt.toISOString() };
  },
});
