import { DomainError } from '../../domain-errors';
import type { GameGateway, GameRole, InGameMail, RoleQuery, SentMail } from '../game-gateway';
import { CONTRACT_PATHS, ContractBreach, mailBody, readAccountRoles, readLookup, readSentMail } from './game-contract';
import { signatureProblem, signedHeaders, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './game-signature';
import { STRICT_GAME_ENDPOINTS, type GameEndpointPolicy } from './game-endpoint-policy';
import { GameCallRefused, postToGame, type GameAnswer } from './post-to-game';

/** Where a game's server is and the secret its requests and answers are signed with (catalogue settings). */
export interface GameEndpoint {
  /** The contract's base address, e.g. https://game.example.com/topup. */
  readonly url: string;
  readonly secret: string;
}

export interface HttpGameOptions {
  /** The game's endpoint from the catalogue; null when the game has none. */
  readonly endpointOf: (gameId: number) => Promise<GameEndpoint | null>;
  /** Which addresses may be called (GAME_SERVER_HOSTS, loopback in development); public https hosts only by default. */
  readonly policy?: GameEndpointPolicy;
  /** How long one call may take. */
  readonly timeoutMs?: number;
  /** Waits before the retries of a lookup (2 retries by default); mail is retried by the outbox. */
  readonly lookupBackoffMs?: readonly number[];
  /** Failures in a row that open a game's breaker, and how long it stays open. */
  readonly breakerFailures?: number;
  readonly breakerOpenMs?: number;
  readonly now?: () => number;
}

/** A game server could not be used (down, slow, wrong signature, garbage): a fault of the game, not the player. */
export class GameServerError extends Error {
  constructor(
    readonly gameId: number,
    message: string,
  ) {
    super(`game ${gameId}: ${message}`);
    this.name = 'GameServerError';
  }
}

interface Breaker {
  failures: number;
  openUntil: number;
  /** While open and past openUntil, one call is let through to try. */
  trying: boolean;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The store's side of the game-server contract (docs/game-integration.md): every request signed with
 * the game's secret, every answer's signature and shape checked; a bounded wait per call; lookups
 * retried with backoff; a breaker per game (lookups and mail apart), so that one dead game server answers its players at once
 * with "try again" and never slows the others. A lookup the game cannot answer is refused to the
 * player as `gameUnavailable`; a mail that fails throws, and the delivery outbox tries again later.
 */
export class HttpGameGateway implements GameGateway {
  /** One breaker per game and kind of call: a game whose mail service fails may still find characters. */
  private readonly breakers = new Map<string, Breaker>();

  constructor(private readonly options: HttpGameOptions) {}

  async lookupRole(query: RoleQuery): Promise<GameRole | null> {
    const body = { game_id: query.gameId, server_id: query.serverId, server_sign: query.serverSign, ...(query.roleName ? { role_name: query.roleName } : { role_id: query.roleId ?? '' }) };
    return this.forPlayer(() => this.callWithRetries(query.gameId, CONTRACT_PATHS.lookup, body, (answer) => readLookup(query.gameId, answer)));
  }

  async rolesOfAccount(gameId: number, uid: string): Promise<GameRole[]> {
    return this.forPlayer(() => this.callWithRetries(gameId, CONTRACT_PATHS.accountRoles, { game_id: gameId, uid }, (answer) => readAccountRoles(gameId, answer)));
  }

  /** One attempt: the outbox retries on its own schedule, and the key makes a repeat deliver nothing new. */
  sendMail(mail: InGameMail): Promise<SentMail> {
    return this.call(mail.gameId, CONTRACT_PATHS.mail, mailBody(mail), readSentMail);
  }

  /** The game server's health call: true when it answers, signed, that it is up. */
  async healthy(gameId: number): Promise<boolean> {
    try {
      return await this.call(gameId, CONTRACT_PATHS.health, {}, (answer) => (answer as { ok?: unknown } | null)?.ok === true);
    } catch {
      return false;
    }
  }

  /** Whether the game's lookups (or its mail) are being refused at once: its breaker is open. */
  isOpen(gameId: number, kind: 'lookup' | 'mail' = 'lookup'): boolean {
    const breaker = this.breakers.get(`${gameId}|${kind}`);
    return Boolean(breaker && breaker.openUntil > this.now());
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** A player's request: a game that cannot answer is "try again in a moment", in their language. */
  private async forPlayer<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GameServerError) throw new DomainError('gameUnavailable');
      throw error;
    }
  }

  private async callWithRetries<T>(gameId: number, path: string, body: object, read: (answer: unknown) => T): Promise<T> {
    const backoff = this.options.lookupBackoffMs ?? [100, 300];
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.call(gameId, path, body, read);
      } catch (error) {
        const last = attempt >= backoff.length || this.isOpen(gameId);
        if (!(error instanceof GameServerError) || last) throw error;
        await wait(backoff[attempt] ?? 0);
      }
    }
  }

  private async call<T>(gameId: number, path: string, body: object, read: (answer: unknown) => T): Promise<T> {
    const endpoint = await this.options.endpointOf(gameId);
    if (!endpoint) throw new GameServerError(gameId, 'no game server is set for this game');
    const key = `${gameId}|${path === CONTRACT_PATHS.mail ? 'mail' : 'lookup'}`;
    this.enter(key, gameId);
    try {
      const result = await this.exchange(gameId, endpoint, path, body, read);
      this.breakers.delete(key);
      return result;
    } catch (error) {
      this.failed(key);
      throw error;
    }
  }

  private async exchange<T>(gameId: number, endpoint: GameEndpoint, path: string, body: object, read: (answer: unknown) => T): Promise<T> {
    const raw = JSON.stringify(body);
    const timeoutMs = this.options.timeoutMs ?? 3000;
    let response: GameAnswer;
    try {
      const headers = { 'content-type': 'application/json', ...signedHeaders(endpoint.secret, raw, this.now()) };
      response = await postToGame(`${endpoint.url.replace(/\/+$/, '')}${path}`, headers, raw, timeoutMs, this.options.policy ?? STRICT_GAME_ENDPOINTS);
    } catch (error) {
      const reason = error instanceof GameCallRefused ? (error.kind === 'refused' ? `not called: ${error.message}` : error.message) : 'unreachable';
      throw new GameServerError(gameId, `${path}: ${reason}`);
    }
    const { text } = response;
    if (response.status !== 200) throw new GameServerError(gameId, `${path}: HTTP ${response.status}`);
    const header = (name: string) => {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    };
    const problem = signatureProblem(endpoint.secret, header(TIMESTAMP_HEADER), header(SIGNATURE_HEADER), text, this.now());
    if (problem) throw new GameServerError(gameId, `${path}: answer signature ${problem}`);
    try {
      return read(JSON.parse(text) as unknown);
    } catch (error) {
      throw new GameServerError(gameId, `${path}: ${error instanceof ContractBreach ? error.message : 'answer is not JSON'}`);
    }
  }

  /** Refuses at once while the game's breaker is open; past its time, lets one call through to try. */
  private enter(key: string, gameId: number): void {
    const breaker = this.breakers.get(key);
    if (!breaker || breaker.failures < (this.options.breakerFailures ?? 5)) return;
    if (breaker.openUntil > this.now() || breaker.trying) throw new GameServerError(gameId, 'its server is failing; not called for a while');
    breaker.trying = true;
  }

  private failed(key: string): void {
    const breaker = this.breakers.get(key) ?? { failures: 0, openUntil: 0, trying: false };
    breaker.failures += 1;
    breaker.trying = false;
    if (breaker.failures >= (this.options.breakerFailures ?? 5)) breaker.openUntil = this.now() + (this.options.breakerOpenMs ?? 30_000);
    this.breakers.set(key, breaker);
  }
}
