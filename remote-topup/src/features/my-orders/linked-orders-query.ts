/** The character whose orders My orders opens at (`?character=<game>~<area>~<server>~<role>`), from the linked panel. */
export interface LinkedOrdersCharacter {
  readonly game_id: string;
  readonly area: string;
  readonly server_id: string;
  readonly role_id: string;
}

export const linkedOrdersQuery = (key: LinkedOrdersCharacter) => ({ character: [key.game_id, key.area, key.server_id, key.role_id].join('~') });

/** The character a `character` query names, or null when it names none. */
export function linkedOrdersCharacterOf(value: string | null): LinkedOrdersCharacter | null {
  const [game_id = '', area = '', server_id = '', role_id = '', ...rest] = (value ?? '').split('~');
  return game_id && area && server_id && role_id && rest.length === 0 ? { game_id, area, server_id, role_id } : null;
}
