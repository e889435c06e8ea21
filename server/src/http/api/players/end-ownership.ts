import { endLink, linkTo } from '../../../players';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { characterOf } from './character-of';

/**
 * `endOwnership {game_id, area, server_id, role_id}`: "End link" on the page. The link ends for good
 * (a new code makes a new one) and leaves the cookie. Ending a link that is not there changes nothing.
 */
export const endOwnership = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId },
  signed: true,
  async handle(input, context) {
    const character = characterOf(input, context);
    const link = await linkTo(context.db, context.links.ids(), character);
    if (!link) return { ended: false };
    await endLink(context.db, link.linkId, 'player');
    context.links.forget(link.linkId);
    return { ended: true };
  },
});
