import { linkTo } from '../../../players';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { characterOf } from './character-of';

/**
 * `getOwnership {game_id, area, server_id, role_id}`: whether this browser is linked to the character
 * (the page shows "Get a code" or the linked state). A forged, expired or ended link is no link.
 */
export const getOwnership = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId },
  signed: true,
  async handle(input, context) {
    const link = await linkTo(context.db, context.links.ids(), characterOf(input, context));
    return link ? { linked: true, role_name: link.roleName, expires_at: link.expiresAt.toISOString() } : { linked: false, role_name: '', expires_at: null };
  },
});
