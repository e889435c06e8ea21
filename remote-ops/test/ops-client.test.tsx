import { OpsApiError, opsCall, opsUpload, whenSignedOut } from '../src/lib/ops-client';

/**
 * The back office's calls on the browser's one HTTP client (`@topup/shared/api`): the same requests as
 * its own fetch code sent, and every failure as an OpsApiError with the status, code and words it had.
 */

interface Sent {
  readonly url: string;
  readonly init: RequestInit;
}

/** Answers in order; a string is a body that is not JSON, an Error is no answer at all. */
function fakeFetch(...answers: ({ status: number; body: unknown } | Error)[]): Sent[] {
  const sent: Sent[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    if (answer instanceof Error) throw answer;
    const json = async () => {
      if (typeof answer.body === 'string') throw new SyntaxError(`Unexpected token '<', "${answer.body}" is not valid JSON`);
      return answer.body;
    };
    // jsdom has no Response: the client reads only these members.
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json } as unknown as Response;
  }) as typeof fetch;
  return sent;
}

async function refusal(call: Promise<unknown>): Promise<OpsApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof OpsApiError)) throw new Error(`expected an OpsApiError, got ${String(error)}`);
  return error;
}

afterEach(() => whenSignedOut(null));

describe('the back office\'s requests', () => {
  it('reads with the session cookie and no cache; writes JSON with the CSRF token the last answer gave, refusals included', async () => {
    const sent = fakeFetch(
      { status: 200, body: { operator: null, csrfToken: 'token-1' } },
      { status: 409, body: { error: 'Already refunded', code: 'alreadyRefunded', csrfToken: 'token-2' } },
      { status: 200, body: { ok: true } },
    );
    expect(await opsCall('GET', '/session')).toEqual({ operator: null, csrfToken: 'token-1' });
    await refusal(opsCall('POST', '/orders/TP-1/refund', { reason: 'duplicate' }));
    expect(await opsCall('DELETE', '/operators/7')).toEqual({ ok: true });

    expect(sent.map(({ url, init }) => ({ url, method: init.method, headers: init.headers, body: init.body, credentials: init.credentials, cache: init.cache }))).toEqual([
      { url: '/ops/api/session', method: 'GET', headers: { accept: 'application/json' }, body: undefined, credentials: 'same-origin', cache: 'no-store' },
      {
        url: '/ops/api/orders/TP-1/refund',
        method: 'POST',
        headers: { accept: 'application/json', 'x-csrf-token': 'token-1', 'content-type': 'application/json' },
        body: '{"reason":"duplicate"}',
        credentials: 'same-origin',
        cache: 'no-store',
      },
      // The refusal's token is the one sent next.
      { url: '/ops/api/operators/7', method: 'DELETE', headers: { accept: 'application/json', 'x-csrf-token': 'token-2' }, body: undefined, credentials: 'same-origin', cache: 'no-store' },
    ]);
  });

  it('uploads a picture as its bytes and type, with the CSRF token', async () => {
    const sent = fakeFetch({ status: 200, body: { csrfToken: 'token-3' } }, { status: 200, body: { url: '/assets/catalogue/abc.png' } });
    await opsCall('GET', '/session');
    const picture = new Blob(['png bytes'], { type: 'image/png' });
    expect(await opsUpload('/catalogue/images', picture)).toEqual({ url: '/assets/catalogue/abc.png' });
    expect(sent[1]?.init).toMatchObject({ method: 'POST', body: picture, headers: { accept: 'application/json', 'content-type': 'image/png', 'x-csrf-token': 'token-3' } });
    fakeFetch({ status: 200, body: {} });
    await opsUpload('/catalogue/images', new Blob(['?']));
    expect(((global.fetch as jest.Mock).mock.calls[0]?.[1] as RequestInit).headers).toMatchObject({ 'content-type': 'application/octet-stream' });
  });
});

describe('the back office\'s failures', () => {
  it('no answer: network, "The store could not be reached"', async () => {
    fakeFetch(new TypeError('Failed to fetch'));
    const error = await refusal(opsCall('GET', '/orders'));
    expect([error.status, error.code, error.message, error.body]).toEqual([0, 'network', 'The store could not be reached', null]);
  });

  it("a refusal: its status, code and the server's words, with the whole answer", async () => {
    const body = { error: 'Confirm the large price changes', code: 'confirmPriceChanges', changes: [{ bundle: '18-us-300', from: 499, to: 999 }] };
    fakeFetch({ status: 409, body });
    const error = await refusal(opsCall('POST', '/catalogue/publish', {}));
    expect([error.status, error.code, error.message, error.body]).toEqual([409, 'confirmPriceChanges', 'Confirm the large price changes', body]);
  });

  it('an error status without JSON: server from 500 on, refused below, "HTTP <status>"', async () => {
    fakeFetch({ status: 502, body: '<html>Bad gateway</html>' }, { status: 404, body: '<html>Not found</html>' });
    const server = await refusal(opsCall('GET', '/orders'));
    expect([server.status, server.code, server.message, server.body]).toEqual([502, 'server', 'HTTP 502', null]);
    const refused = await refusal(opsCall('GET', '/nowhere'));
    expect([refused.status, refused.code, refused.message]).toEqual([404, 'refused', 'HTTP 404']);
  });

  it('signed out: the console hears it, once per such answer', async () => {
    const heard = jest.fn();
    whenSignedOut(heard);
    fakeFetch({ status: 401, body: { error: 'Sign in first', code: 'signedOut' } }, { status: 401, body: { error: 'Wrong password', code: 'wrongCredentials' } });
    expect((await refusal(opsCall('GET', '/orders'))).code).toBe('signedOut');
    expect((await refusal(opsCall('POST', '/session', { email: 'a', password: 'b' }))).code).toBe('wrongCredentials');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('a success that is not JSON reads as null, as it always has', async () => {
    fakeFetch({ status: 200, body: '<html>ok</html>' });
    expect(await opsCall('GET', '/healthz')).toBeNull();
  });
});
