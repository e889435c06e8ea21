import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stub answers for one action: an envelope, or a body that is none. */
export type StubAnswer = { readonly ret: number; readonly data: unknown; readonly msg: string } | string;

/**
 * A store that answers chosen actions its own way, for the failures the real demo store never
 * has (a game list refused, a customer-service call failing).
 */
export async function startStubStore(answers: Readonly<Record<string, StubAnswer>>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    const action = (request.url ?? '').replace(/^\/api\//, '').split('?')[0] ?? '';
    const answer = answers[action] ?? { ret: 1011, data: null, msg: 'Unknown action.' };
    response.setHeader('content-type', 'application/json');
    response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
