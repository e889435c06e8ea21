import { sendOwnershipCode as mailOwnershipCode, CODE_LIFE_MS, CODE_TRIES } from '../../../players';
import { defineAction } from '../action';
import { missing, roleNotFound } from '../api-error';
import { FIELD } from '../fields';
import { characterOf } from './character-of';

/**
 * `sendOwnershipCode {game_id, area, server_id, role_id, uid}`: the game confirms the character (and
 * that it is the account's), then a one-time code goes to it by in-game mail through the delivery
 * outbox. Limited per address and per character whichever address asks (docs/api.md, "Rate limits").
 */
export const sendOwnershipCode = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId, uid: FIELD.uid },
  signed: true,
  roleLookup: true,
  limit: 'ownershipCode',
  async handle(input, context) {
    const character = characterOf(input, context);
    const uid = input.uid ?? '';
    if (uid === '') throw missing('uid');
    const role = await context.games.lookupRole({ gameId: character.gameId, serverId: character.serverId, serverSign: character.serverSign, roleId: character.roleId });
    // Another account's character is "not found" too: the answer tells a stranger nothing more.
    if (!role || role.uid !== uid) throw roleNotFound();
    const { gameId, area, serverId, roleId } = character;
    await mailOwnershipCode(context.db, context.links.secret, { gameId, area, serverId, roleId, roleName: role.roleName }, context.locale);
    context.orders.wakeDelivery();
    return { sent: true, expires_in: CODE_LIFE_MS / 1000, tries: CODE_TRIES };
  },
});
