import type { Locale } from '@topup/shared/rules';
import type { Db } from '../../db/db';
import type { Catalogue } from '../../catalogue/catalogue';
import type { GameGateway } from '../../game/game-gateway';
import type { OrderServices } from '../../orders';
import type { RunningExperiments } from '../../experiments';
import type { LimitSettings } from './limit-settings';

/** The body of a request after the sign check and schema coercion: every field a string. */
export type ActionInput = Readonly<Record<string, string | undefined>>;

/** Which storefront called: the phone store and Voucher Center (`/api/<action>`), or the desktop pay centre (`/api/pcpay/<action>`). */
export type Storefront = 'phone' | 'payCentre';

export interface ActionContext {
  readonly catalogue: Catalogue;
  /** The request's time by the catalogue's clock (ms): what is on sale is judged against it. */
  readonly now: number;
  readonly db: Db;
  readonly games: GameGateway;
  readonly locale: Locale;
  /** An area code sent in ACCEPT-LANGUAGE (Family B sends the stored area there), else null. */
  readonly headerArea: string | null;
  /** The client's address, as recorded with reports. */
  readonly clientAddress: string;
  /** Orders: settings, the payment provider, the delivery worker's wake-up. */
  readonly orders: OrderServices;
  /** Hosts the catalogue's links may lead to besides the store (BANNER_LINK_HOSTS): any other link is served as "". */
  readonly linkHosts: readonly string[];
  /** The pay centre's orders come back to its own result page after the checkout. */
  readonly storefront: Storefront;
  /** The browser's report session (report-session.ts): read from its cookie, or made and set on the answer. */
  reportSession(): string;
  /** This browser's links to characters (link cookie, decision 304). */
  readonly links: BrowserLinks;
  /** This browser's offer-experiment visitor (visitor cookie, decision 309). */
  readonly visitor: BrowserVisitor;
  /** The running offer experiments held in memory; absent: no experiment is shown or charged. */
  readonly experiments?: RunningExperiments;
}

/** The browser's visitor of offer experiments: the id its signed cookie names, made and set on the answer when a price read needs one. */
export interface BrowserVisitor {
  /** The cookie's visitor, or null (no cookie, or one the store did not sign). Never sets a cookie. */
  known(): string | null;
  /** The cookie's visitor, or a new one whose cookie is set on the answer. */
  id(): string;
}

/** The character links a browser holds in its link cookie; changes are set on the answer. */
export interface BrowserLinks {
  /** The HMAC key of the cookie and the ownership codes (PLAYER_LINK_SECRET). */
  readonly secret: string;
  /** The link ids whose signature holds (whether each still holds is the database's to say). */
  ids(): string[];
  /** Adds a link (newest first). */
  remember(linkId: string): void;
  /** Drops a link. */
  forget(linkId: string): void;
}

/** JSON schema of one body field. */
export type FieldSchema = Readonly<Record<string, unknown>>;

/** One API action: what it accepts and what it answers in `data`. */
export interface ApiAction {
  /** Body fields it reads; any other field is allowed and covered by the sign. */
  readonly fields: Readonly<Record<string, FieldSchema>>;
  /** false only for the spec's unsigned call (getPayGameList). */
  readonly signed: boolean;
  /** Role lookups share a per-address rate limit (role IDs map to names: no enumeration). */
  readonly roleLookup?: boolean;
  /** Which request limits against abuse count it, per address and per character or order (limit-settings.ts). */
  readonly limit?: keyof LimitSettings;
  /**
   * True when the answer to this input depends only on the catalogue (and the language): it is
   * then kept, serialized, until the catalogue changes.
   */
  readonly sameForEveryone?: (input: ActionInput, experiments?: RunningExperiments) => boolean;
  handle(input: ActionInput, context: ActionContext): Promise<unknown>;
}

export function defineAction(action: ApiAction): ApiAction {
  return action;
}
