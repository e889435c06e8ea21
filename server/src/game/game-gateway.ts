/** Which character to look up: by ID, or by name for games that identify characters by name (284). */
export interface RoleQuery {
  readonly gameId: number;
  readonly serverId: string;
  /** The server's sign, for games whose API needs it (134); "" otherwise. */
  readonly serverSign: string;
  readonly roleId?: string;
  readonly roleName?: string;
}

export interface GameRole {
  readonly gameId: number;
  readonly serverId: string;
  readonly roleId: string;
  readonly roleName: string;
  readonly uid: string;
  readonly lastLoginAt: Date;
}

export interface MailItem {
  readonly name: string;
  readonly quantity: number;
}

/**
 * What a mail is (docs/game-integration.md, "Kinds of mail"): a purchase's items, a one-time code
 * proving the character is the player's (text only, no items), the daily gift's items, or a reward bought with points.
 */
export type MailKind = 'purchase' | 'ownership_code' | 'daily_gift' | 'points_reward';

/** A mail to one character, carrying the items a player bought (or a code, or a gift). */
export interface InGameMail {
  /** Idempotency key: sending the same key again sends nothing new (an order id, for example). */
  readonly key: string;
  readonly gameId: number;
  readonly serverId: string;
  readonly roleId: string;
  readonly title: string;
  readonly items: readonly MailItem[];
  /** 'purchase' when absent. */
  readonly kind?: MailKind;
  /** The mail's text in the area's language ('' when absent): the code of an 'ownership_code' mail. */
  readonly body?: string;
}

export interface SentMail {
  readonly mailId: string;
  /** false when this key had already been sent: nothing new reached the mailbox. */
  readonly created: boolean;
  readonly sentAt: Date;
}

/**
 * The store's window into each game: finding a player's character and delivering items
 * by in-game mail. The sandbox game implements it for development and tests.
 */
export interface GameGateway {
  lookupRole(query: RoleQuery): Promise<GameRole | null>;
  /** Every character of one player account (uid) in a game, most recently played first. */
  rolesOfAccount(gameId: number, uid: string): Promise<GameRole[]>;
  /** Sends a mail once per `mail.key`: sending the same key again changes nothing. */
  sendMail(mail: InGameMail): Promise<SentMail>;
}
