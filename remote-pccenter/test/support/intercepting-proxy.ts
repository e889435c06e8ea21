import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with one pay-centre call: pass it on, pass it on and lose the answer, or answer itself. */
export type Interception = 'pass' | 'lose-answer' | { readonly ret: number; readonly data: unknown; readonly msg: string };

/**
 * Stands in front of the store (or its recording proxy) for the failures the demo store never
 * has: `decide` sees each `/api/pcpay/<action>` call with how many of that action came before,
 * and may refuse it with an envelope of its own, or let the store place it and then cut the
 * connection before the answer reaches the page (an answer lost on the way).
 */
export async function startInterceptingProxy(
  target: string,
  decide: (action: string, earlier: number) => Interception,
): Promise<{ readonly url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const seen = new Map<string, number>();
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const action = /^\/api\/pcpay\/([A-Za-z]+)/.exec(incoming.url ?? '')?.[1] ?? '';
      const earlier = seen.get(action) ?? 0;
      seen.set(action, earlier + 1);
      const decision = action ? decide(action, earlier) : 'pass';
      if (typeof decision === 'object') {
        outgoing.setHeader('content-type', 'application/json');
        outgoing.end(JSON.stringify(decision));
        return;
      }
      const forward = http.request(
        { hostname: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
        (answer) => {
          if (decision === 'lose-answer') {
            answer.resume();
            answer.on('end', () => incoming.socket.destroy());
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
