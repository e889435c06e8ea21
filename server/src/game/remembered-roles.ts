import type { GameGateway, GameRole, InGameMail, RoleQuery, SentMail } from './game-gateway';

export interface RememberedRolesOptions {
  /** How long a character found is remembered (`ROLE_MEMORY_SECONDS`); 0 asks the game every time. */
  readonly rememberMs: number;
  /** At most this many characters are remembered; the oldest remembered goes first. */
  readonly maxRoles?: number;
  /** The clock (tests move it by hand). */
  readonly now?: () => number;
}

/** Enough for a sale day's players on one instance: about 300 bytes each, 15 MB at most. */
const MAX_ROLES = 50_000;

const idKey = (gameId: number, serverId: string, serverSign: string, roleId: string) => `${gameId}\n${serverId}\n${serverSign}\nid\n${roleId}`;

function keyOf(query: RoleQuery): string {
  if (query.roleId !== undefined) return idKey(query.gameId, query.serverId, query.serverSign, query.roleId);
  return `${query.gameId}\n${query.serverId}\n${query.serverSign}\nname\n${query.roleName ?? ''}`;
}

/**
 * The games' gateway with a short memory of the characters it found (decision 126). A player looks
 * their character up, then places an order for it a few seconds later: the order is checked against
 * the answer the game gave a moment ago instead of asking the game again, and lookups of one character
 * under way at once (a double tap, a sale's rush) share one call. Only characters found are remembered:
 * "not found" and a failing game are asked again on the next lookup. Mail and account lists always go
 * to the game. Each instance remembers for itself.
 */
export class RememberedRoles implements GameGateway {
  private readonly found = new Map<string, { readonly role: GameRole; readonly until: number }>();
  private readonly asking = new Map<string, Promise<GameRole | null>>();
  private readonly now: () => number;
  private readonly maxRoles: number;

  constructor(
    private readonly game: GameGateway,
    private readonly options: RememberedRolesOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.maxRoles = Math.max(1, options.maxRoles ?? MAX_ROLES);
  }

  lookupRole(query: RoleQuery): Promise<GameRole | null> {
    if (this.options.rememberMs <= 0) return this.game.lookupRole(query);
    const key = keyOf(query);
    const known = this.found.get(key);
    if (known && known.until > this.now()) return Promise.resolve(known.role);
    if (known) this.found.delete(key);
    const pending = this.asking.get(key);
    if (pending) return pending;
    const asked = this.game.lookupRole(query).then(
      (role) => {
        this.asking.delete(key);
        if (role) {
          this.remember(key, role);
          // Found by name: an order names the character by its ID.
          if (query.roleId === undefined) this.remember(idKey(query.gameId, query.serverId, query.serverSign, role.roleId), role);
        }
        return role;
      },
      (error: unknown) => {
        this.asking.delete(key);
        throw error;
      },
    );
    this.asking.set(key, asked);
    return asked;
  }

  rolesOfAccount(gameId: number, uid: string): Promise<GameRole[]> {
    return this.game.rolesOfAccount(gameId, uid);
  }

  sendMail(mail: InGameMail): Promise<SentMail> {
    return this.game.sendMail(mail);
  }

  /** How many characters are remembered now (for tests and the benchmark's notes). */
  get size(): number {
    return this.found.size;
  }

  private remember(key: string, role: GameRole): void {
    this.found.delete(key);
    this.found.set(key, { role, until: this.now() + this.options.rememberMs });
    while (this.found.size > this.maxRoles) {
      const oldest = this.found.keys().next().value;
      if (oldest === undefined) break;
      this.found.delete(oldest);
    }
  }
}
