/** The password every test operator is given. */
export const PASSWORD = 'correct horse battery';

/** An answer's JSON, read freely by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A browser of the back office: keeps its cookies and the CSRF token the API hands out. */
export class Console {
  private readonly cookies = new Map<string, string>();
  csrf = '';
  constructor(private readonly base: string) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value.join('=') === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }

  setCookieLines: string[] = [];

  /** The cookie and CSRF headers a request of this browser carries (for bodies `send` does not make). */
  headers(): Record<string, string> {
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': this.csrf };
  }

  async send(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; body: Json; text: string; headers: Headers }> {
    const headers: Record<string, string> = { ...extra };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrf && !('x-csrf-token' in extra)) headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}/ops/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.setCookieLines = response.headers.getSetCookie();
    this.remember(response);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const answer = parsed as { csrfToken?: string } | null;
    if (answer && typeof answer.csrfToken === 'string') this.csrf = answer.csrfToken;
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  async signIn(email: string, password = PASSWORD): Promise<{ status: number; body: Json }> {
    await this.send('GET', '/session');
    return this.send('POST', '/session', { email, password });
  }
}

