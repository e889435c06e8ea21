import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from '../net/outbound-address';
import { webhookAddressProblem, webhookUrlProblem, type WebhookPolicy } from './webhook-address';

/** What came of a post: the receiver's status, or why there was none. Never the address (it may hold a token). */
export type WebhookOutcome = { readonly status: number } | { readonly status: null; readonly error: string };

/** The most of an answer read (and thrown away): a receiver that talks on forever is cut off. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a body to an operator's webhook under the policy: the address judged before the call and on
 * the address connected to (a `lookup` hook), no redirect followed (a 3xx is a failure), no kept
 * connection, an answer read up to 64 KiB, and at most `timeoutMs` in all.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number, policy: WebhookPolicy): Promise<WebhookOutcome> {
  const problem = webhookUrlProblem(url, policy);
  if (problem) return Promise.resolve({ status: null, error: `refused: ${problem}` });
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: WebhookOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup((address) => webhookAddressProblem(address, policy), 'EWEBHOOKADDRESS'),
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => finish({ status: response.statusCode ?? 0 });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, error: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    request.on('timeout', () => {
      request.destroy();
      finish({ status: null, error: `no answer within ${timeoutMs} ms` });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EWEBHOOKADDRESS') finish({ status: null, error: `refused: ${error.message}` });
      else finish({ status: null, error: `unreachable (${error.code ?? 'error'})` });
    });
    request.end(body);
  });
}
