/** A refusal of the back office's API: `code` names it (see locales: `error.<code>`), `message` is the server's English. */
export class OpsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole answer, for refusals that carry more (the price changes to confirm, a file's problems). */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'OpsApiError';
  }
}

let csrfToken = '';
let onSignedOut: (() => void) | null = null;

/** The console's session hears when the server says nobody is signed in any more. */
export function whenSignedOut(listener: (() => void) | null): void {
  onSignedOut = listener;
}

/**
 * One call of `/ops/api`. The session cookie goes along by itself (same origin, HttpOnly); every
 * state-changing call carries the CSRF token the last answer gave.
 */
export async function opsCall<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : 'application/json', body === undefined ? undefined : JSON.stringify(body));
}

/** A POST of raw bytes (a picture, as `file.type`), with the same session, CSRF token and refusals as opsCall. */
export async function opsUpload<T>(path: string, file: Blob): Promise<T> {
  return send<T>('POST', path, file.type || 'application/octet-stream', file);
}

async function send<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, contentType: string | undefined, body: BodyInit | undefined): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/ops/api${path}`, { method, headers, credentials: 'same-origin', cache: 'no-store', body });
  } catch {
    throw new OpsApiError(0, 'network', 'The store could not be reached');
  }
  const data = (await response.json().catch(() => null)) as (Record<string, unknown> & { csrfToken?: string; code?: string; error?: string }) | null;
  if (data && typeof data.csrfToken === 'string') csrfToken = data.csrfToken;
  if (!response.ok) {
    const error = new OpsApiError(response.status, data?.code ?? (response.status >= 500 ? 'server' : 'refused'), data?.error ?? `HTTP ${response.status}`, data);
    if (response.status === 401 && error.code === 'signedOut') onSignedOut?.();
    throw error;
  }
  return data as T;
}

/** A key for one press of an action's button: the server does a request with the same key once. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The address of an API query: empty values are left out. */
export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined | null>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
