import { md5 } from 'js-md5';

/** The app key the spec ships in the browser. It is an integrity check, not authentication. */
export const DEFAULT_APP_KEY = 'topup-dev-key';

export type SignablePayload = Readonly<Record<string, unknown>>;

/** Renders one payload value the way it is signed: absent values sign as the empty string. */
function signValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The exact string that is hashed, exposed for docs and tests. */
export function signBase(payload: SignablePayload, appKey: string): string {
  const pairs = Object.keys(payload)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}=${signValue(payload[key])}`);
  return `${pairs.join('&')}&${appKey}`;
}

/** Lowercase hex MD5 of every key but `sign`, sorted, joined `k=v` with `&`, then `&` + app key. */
export function sign(payload: SignablePayload, appKey: string = DEFAULT_APP_KEY): string {
  return md5(signBase(payload, appKey));
}

/** Returns a copy of the payload with its `sign` field set. */
export function withSign<T extends SignablePayload>(payload: T, appKey: string = DEFAULT_APP_KEY): T & { sign: string } {
  return { ...payload, sign: sign(payload, appKey) };
}

/** Constant-time-ish comparison on the hex digest. */
export function verifySign(payload: SignablePayload, appKey: string = DEFAULT_APP_KEY): boolean {
  const given = payload.sign;
  if (typeof given !== 'string' || given.length !== 32) return false;
  const expected = sign(payload, appKey);
  let diff = 0;
  for (let i = 0; i < 32; i += 1) diff |= expected.charCodeAt(i) ^ given.toLowerCase().charCodeAt(i);
  return diff === 0;
}
