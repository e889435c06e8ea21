import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it crossed the wire. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. `/api/custUrl?game_id=18`. */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface RecordingProxy {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Sits in front of the real store server and writes down every request exactly as the page sent
 * it (method, path, query, headers, body) before passing it on, so tests can check the encoding
 * while the real server answers.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const upstream = new URL(target);
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body: body.toString('utf8') });
      const forward = http.request(
        { hostname: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
