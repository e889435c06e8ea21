import { httpRequest, HttpError, type HttpRequest } from '@topup/shared/api';

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

type OpsMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type OpsAnswer = (Record<string, unknown> & { csrfToken?: unknown; code?: string; error?: string }) | null;

/**
 * One call of `/ops/api`. The session cookie goes along by itself (same origin, HttpOnly); every
 * state-changing call carries the CSRF token the last answer gave.
 */
export async function opsCall<T>(method: OpsMethod, path: string, body?: unknown): Promise<T> {
  return send<T>(method, path, { json: body });
}

/** A POST of raw bytes (a picture, as `file.type`), with the same session, CSRF token and refusals as opsCall. */
export async function opsUpload<T>(path: string, file: Blob): Promise<T> {
  return send<T>('POST', path, { body: file, headers: { 'content-type': file.type || 'application/octet-stream' } });
}

function keepCsrfToken(data: OpsAnswer): void {
  if (data && typeof data.csrfToken === 'string') csrfToken = data.csrfToken;
}

/** Through the browser's one HTTP client (`@topup/shared/api`); its failures become OpsApiErrors. */
async function send<T>(method: OpsMethod, path: string, request: HttpRequest): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  try {
    const { body } = await httpRequest(`/ops/api${path}`, { ...request, method, headers, credentials: 'same-origin', cache: 'no-store' });
    keepCsrfToken(body as OpsAnswer);
    return body as T;
  } catch (failure) {
    if (!(failure instanceof HttpError) || (failure.failure !== 'status' && failure.failure !== 'format')) {
      throw new OpsApiError(0, 'network', 'The store could not be reached');
    }
    // A success that is not JSON (no route of the back office answers one) reads as null, as it always has.
    if (failure.failure === 'format') return null as T;
    const { status } = failure;
    const data = failure.body as OpsAnswer;
    keepCsrfToken(data);
    const error = new OpsApiError(status, data?.code ?? (status >= 500 ? 'server' : 'refused'), data?.error ?? `HTTP ${status}`, data);
    if (status === 401 && error.code === 'signedOut') onSignedOut?.();
    throw error;
  }
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
