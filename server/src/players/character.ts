/** A game character as the store names it: a game, a server and a role id. */
export interface Character {
  readonly gameId: number;
  readonly serverId: string;
  readonly roleId: string;
}

/** The store's languages, which the mails the store sends a character are written in. */
export type Language = 'en' | 'ko' | 'zh';
