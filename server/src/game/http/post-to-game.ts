import http from 'node:http';
import https from 'node:https';
import { endpointUrlProblem, guardedLookup, type GameEndpointPolicy } from './game-endpoint-policy';

/** The largest answer a game server may send (a lookup's roles, a mail's receipt). */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface GameAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
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
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(policy), timeout: timeoutMs, agent: false },
      (response) => {
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
      else if (error.code === 'EGAMEADDRESS') reject(new GameCallRefused(error.message, 'refused'));
      else reject(new GameCallRefused('unreachable', 'unreachable'));
    });
    request.end(body);
  });
}
