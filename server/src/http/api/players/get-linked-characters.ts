import { openServer } from '../../../catalogue/catalogue';
import { charactersFollowing } from '../../../players';
import { defineAction } from '../action';

/**
 * `getLinkedCharacters {}` (decision 311): the characters that follow the player to this browser — the
 * ones its link cookie holds, and the ones linked in a browser together with one of them — for the
 * recent characters' chooser and "My orders by character". Only characters proven with a code, only
 * on open servers; no link ids, no dates, nothing about the browsers. A browser without a live link
 * gets an empty list.
 */
export const getLinkedCharacters = defineAction({
  fields: {},
  signed: true,
  async handle(_input, context) {
    const characters = await charactersFollowing(context.db, context.links.ids());
    return characters.flatMap((character) => {
      const server = openServer(context.catalogue, character.gameId, character.serverId, character.area);
      if (typeof server === 'string') return [];
      return [
        {
          game_id: String(character.gameId),
          area: character.area,
          server_id: character.serverId,
          server_name: server.serverName,
          role_id: character.roleId,
          role_name: character.roleName,
          linked_here: character.linkedHere,
        },
      ];
    });
  },
});
