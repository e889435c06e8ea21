import http from 'node:http';
import https from 'node:https';
import { endpointUrlProblem, guardedGameLookup, type GameEndpointPolicy } from './game-endpoint-policy';

/** The largest answer a game server may send (a lookup's roles, a mail's receipt). */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface GameAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/**
 * Connections kept open to game servers, per endpoint policy (a policy's agents only ever hold
 * connections its lookup hook allowed: a kept connection stays on the address judged when it was made,
 * and a new one is judged again). Idle connections close after IDLE_MS, below the 5 s a Node server
 * keeps an idle connection, so the store seldom sends on one the game server is closing.
 */
const IDLE_MS = 4_000;
const agents = new WeakMap<GameEndpointPolicy, { http: http.Agent; https: https.Agent }>();

function agentsFor(policy: GameEndpointPolicy): { http: http.Agent; https: https.Agent } {
  let pair = agents.get(policy);
  if (!pair) {
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: IDLE_MS, scheduling: 'lifo' as const };
    pair = { http: new http.Agent(options), https: new https.Agent(options) };
    agents.set(policy, pair);
  }
  return pair;
}

/** A call the store would not make, or one that failed on the way: what to say of it. */
export class GameCallRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'timeout' | 'unreachable',
  ) {
    super(message);
    this.name = 'GameCallRefused';
  }
}

/**
 * POSTs a signed body to a game server under the endpoint policy: the address judged before the call
 * and again on the address the connection is made to (its DNS answer), no redirect followed (a 3xx is
 * an answer like any other non-200), a bounded answer and a bounded wait.
 */
export function postToGame(url: string, headers: Record<string, string>, body: string, timeoutMs: number, policy: GameEndpointPolicy): Promise<GameAnswer> {
  const problem = endpointUrlProblem(url, policy);
  if (problem) return Promise.reject(new GameCallRefused(problem, 'refused'));
  return postOnce(new URL(url), headers, body, timeoutMs, policy).catch((error: unknown) => {
    // A kept connection the game server closed as the call went out, before any answer: made once more,
    // on a new connection (judged again by the lookup hook). Safe to repeat: a lookup only reads, and a
    // mail carries its key, which a game delivers once (docs/game-integration.md).
    if (error instanceof StaleConnection) return postOnce(new URL(url), headers, body, timeoutMs, policy);
    throw error;
  });
}

/** The call went out on a kept connection that was closed under it before any answer. */
class StaleConnection extends Error {}

function postOnce(target: URL, headers: Record<string, string>, body: string, timeoutMs: number, policy: GameEndpointPolicy): Promise<GameAnswer> {
  const secure = target.protocol === 'https:';
  const transport = secure ? https : http;
  const pair = agentsFor(policy);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = transport.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedGameLookup(policy), timeout: timeoutMs, agent: secure ? pair.https : pair.http },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new GameCallRefused(`answer over ${MAX_ANSWER_BYTES} bytes`, 'unreachable'));
          else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(error));
      },
    );
    const timer = setTimeout(() => request.destroy(new GameCallRefused(`no answer within ${timeoutMs} ms`, 'timeout')), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new GameCallRefused(`no answer within ${timeoutMs} ms`, 'timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof GameCallRefused) reject(error);
      else if (!answered && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) reject(new StaleConnection(error.message));
      else if (error.code === 'EGAMEADDRESS') reject(new GameCallRefused(error.message, 'refused'));
      else reject(new GameCallRefused('unreachable', 'unreachable'));
    });
    request.end(body);
  });
}
