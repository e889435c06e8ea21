/**
 * The browser's one HTTP client, on `fetch`: the store's Family A and B calls (`store-client.ts`) and the
 * back office's `opsCall` go through it. It builds the request (query, form or JSON body, headers,
 * credentials, cache), ends it after a timeout, parses the JSON answer and turns every failure into one
 * `HttpError`, which each caller maps to its own words (`toApiError` for players, `OpsApiError` for operators).
 */

/** What went wrong: nothing came back (`network`), too late (`timeout`), cancelled by the caller
 * (`aborted`), an HTTP error status (`status`), or a 2xx answer that is not JSON (`format`). */
export type HttpFailure = 'network' | 'timeout' | 'aborted' | 'status' | 'format';

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly failure: HttpFailure,
    /** The answer's HTTP status; 0 when there was none. */
    readonly status = 0,
    /** The answer's JSON, when an error status came with some. */
    readonly body: unknown = null,
  ) {
    super(status ? `${failure} (HTTP ${status})` : failure);
  }
}

export interface HttpRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Added to the address, encoded as the store's pages always have (`a+b`, `:`, `$` and `,` as they are). */
  readonly query?: Readonly<Record<string, string>>;
  /** Sent form-encoded; an absent value as the empty string. */
  readonly form?: Readonly<Record<string, unknown>>;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent as it is (a picture); its type goes in `headers`. */
  readonly body?: Blob;
  readonly headers?: Readonly<Record<string, string>>;
  /** The call fails with `timeout` when the whole answer has not arrived by then; none when absent. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly credentials?: RequestCredentials;
  readonly cache?: RequestCache;
  /** The transport: the page's `fetch` unless a test or the sandbox gives another. */
  readonly fetch?: typeof fetch;
}

export interface HttpAnswer {
  readonly status: number;
  /** The parsed JSON. */
  readonly body: unknown;
}

const encode = (value: string) =>
  encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');

/** Form fields as they travel: `k=v&…`, an absent value as the empty string. */
function formBody(fields: Readonly<Record<string, unknown>>): string {
  return new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, value == null ? '' : String(value)])).toString();
}

const NOT_JSON = {};

/**
 * Sends one request and gives back its status and JSON. Rejects with an HttpError for every failure:
 * an error status (with its JSON, if any), a 2xx answer without JSON, a timeout, an abort, no answer.
 */
export async function httpRequest(url: string, request: HttpRequest = {}): Promise<HttpAnswer> {
  const { query, form, json, signal, timeoutMs } = request;
  const headers: Record<string, string> = { ...request.headers };
  let body: BodyInit | undefined = request.body;
  if (form) {
    body = formBody(form);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (json !== undefined) {
    body = JSON.stringify(json);
    headers['content-type'] = 'application/json';
  }
  const search = Object.entries(query ?? {})
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');
  if (search) url += (url.includes('?') ? '&' : '?') + search;

  const controller = new AbortController();
  const abort = () => controller.abort();
  let timedOut = false;
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  const timer = timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        abort();
      }, timeoutMs)
    : undefined;
  const fail = (): never => {
    throw new HttpError(timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network');
  };
  try {
    const send = request.fetch ?? fetch;
    const response = await send(url, {
      method: request.method ?? 'GET',
      headers,
      body,
      credentials: request.credentials,
      cache: request.cache,
      signal: controller.signal,
    }).catch(fail);
    // A body that does not parse is not JSON (a SyntaxError, by name: the transport may come from
    // another realm); one that stops arriving is a failure of the call.
    const data: unknown = await response.json().catch((error: unknown) => ((error as Error | null)?.name === 'SyntaxError' ? NOT_JSON : fail()));
    if (!response.ok) throw new HttpError('status', response.status, data === NOT_JSON ? null : data);
    if (data === NOT_JSON) throw new HttpError('format', response.status);
    return { status: response.status, body: data };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
