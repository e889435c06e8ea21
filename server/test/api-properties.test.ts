import fc from 'fast-check';
import { sign } from '@topup/shared/sign';
import { API_ROUTES } from '../src/http/api/routes-table';
import { RET } from '../src/http/api/ret-codes';
import { testDbTargets } from './support/test-db';
import { openTestStore, TEST_APP_KEY, type TestStore } from './support/test-app';

jest.setTimeout(300_000);

const ACTIONS = Object.keys(API_ROUTES);
const ANSWERED_RETS = new Set<number>(Object.values(RET).filter((ret) => ret !== RET.SERVER_ERROR));

/** Values a client might send: right, wrong, empty, huge, nested, hostile. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', '18', '134', '284', 'us', 'kr', 'multi', 'america', '1801', '1801001', 'Packs', '1', '3', '0', '-1'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 200, maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom("' OR 1=1 --", '%00', '\u0000', '../../etc/passwd', '<script>', '{"$gt":""}', '9'.repeat(40)),
);

/** Values that make sense for each field, so that many requests get past validation to the database. */
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  game_id: fc.constantFrom(18, '44', '232', 134, '284', 14, '136', 182, 27, '310', '999'),
  area: fc.constantFrom('us', 'eu', 'en', 'multi', 'kr', 'asia', 'america', 'europe', '', 'xx'),
  region: fc.constantFrom('', 'am', 'eu', 'us', 'en', 'asia', 'zz'),
  server_id: fc.constantFrom('1801', '1811', '4401', '4411', '23201', '13401', '13431', '28401', '1401', '31031', '', 'nope'),
  server_sign: fc.constantFrom('', '13401-0a1b2c', 'forged'),
  role_id: fc.constantFrom('1801001', '1801003', '4411002', '13401001', '28401002', '', '0'),
  ln_uid: fc.constantFrom('1800001', '1800003', '', 'x'),
  role_name: fc.constantFrom('Aria Stormblade', 'borin ironfist', '하늘검', '', 'nobody'),
  uid: fc.constantFrom('1800001', '4400002', '13400003', '', 'nobody'),
  type: fc.constantFrom('', 'Packs', 'Passes', 'Dragon Gems', '패키지', 'Nope'),
  product_type: fc.constantFrom('', 'Packs', 'Dragon Gems'),
  product_id: fc.constantFrom('', '18-us-currency-60', '18-kr-weekly-supply'),
  report_type: fc.constantFrom(1, 2, 3, '1', '4', ''),
  from: fc.constantFrom('', 'newsletter', 'game'),
};

/** Strings that databases and parsers choke on. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\uffff', '%00', "'; DROP TABLE orders; --", '\\', '$1', 'ｒｏｌｅ'),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ minLength: 60, maxLength: 200 }),
);

const valueFor = (field: string): fc.Arbitrary<unknown> =>
  PLAUSIBLE[field]
    ? fc.oneof({ arbitrary: PLAUSIBLE[field], weight: 4 }, { arbitrary: hostile, weight: 1 }, { arbitrary: anyValue, weight: 1 })
    : anyValue;

/**
 * A game, area and server that belong together (or a server of another game), with a character that lives
 * there or one that does not (account 998 or 999): independent plausible values rarely agree, so without these
 * few requests get as far as looking a character up (about 5 in 3,000 answered "role not found").
 */
const character: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    place: fc.constantFrom(
      { game_id: 18, area: 'us', server_id: '1801' },
      { game_id: '18', area: 'kr', server_id: '1832' },
      { game_id: 44, area: 'us', server_id: '4411' },
      { game_id: '134', area: 'multi', server_id: '13402' },
      { game_id: 18, area: 'us', server_id: '4401' },
    ),
    account: fc.constantFrom('001', '002', '999', '998'),
  })
  .map(({ place, account }) => ({ ...place, role_id: `${place.server_id}${account}` }));

/** A signed-looking body: each of the action's fields usually present with a plausible value. */
function plausibleBodyFor(action: string): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.keys(API_ROUTES[action]!.fields);
  const record = Object.fromEntries(fields.map((field) => [field, valueFor(field)]));
  const characterFields = fields.includes('role_id') && fields.includes('server_id');
  return fc
    .record({ body: fc.record(record, { requiredKeys: [] }), place: characterFields ? fc.option(character, { freq: 3 }) : fc.constant(null) })
    .map(({ body, place }) => (place ? { ...body, ...Object.fromEntries(Object.entries(place).filter(([key]) => fields.includes(key))) } : body))
    .chain((body) => fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 2 }).map((extra) => ({ ...extra, ...body })));
}

/** A body with the action's own fields (some left out), plus stray keys. */
function bodyFor(action: string): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.keys(API_ROUTES[action]!.fields);
  const keys = fc.constantFrom(...fields, 'sign', 'extra', '__proto__', 'constructor', 'toString');
  return fc.dictionary(fields.length ? fc.oneof(keys, keys, fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 }), anyValue, {
    maxKeys: fields.length + 3,
  });
}

/** Form-encodes as a browser does (lone surrogates become U+FFFD, so their sign no longer matches). */
function formEncode(body: Record<string, unknown>): string {
  const entries = Object.entries(body).map(([key, value]): [string, string] => [
    key,
    typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? ''),
  ]);
  return new URLSearchParams(entries).toString();
}

interface Sent {
  action: string;
  contentType: string | null;
  payload: string;
  acceptLanguage: string | null;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  'garbage/;;;',
);
const acceptLanguage = fc.option(fc.oneof(fc.constantFrom('kr', 'us', 'zh-CN,zh;q=0.9', 'ko', 'xx', ';q=', '*'), fc.string({ maxLength: 30 })));

/** Well-formed requests: signed correctly, so every action's own checks run on every kind of value. */
const signedRequest: fc.Arbitrary<Sent> = fc
  .record({ action: fc.constantFrom(...ACTIONS), form: fc.boolean(), acceptLanguage })
  .chain(({ action, form, acceptLanguage }) =>
    fc.oneof(plausibleBodyFor(action), bodyFor(action)).map((raw) => {
      const body: Record<string, unknown> = { ...raw };
      delete body.sign;
      const signed = { ...body, sign: sign(body, TEST_APP_KEY) };
      return {
        action,
        contentType: form ? 'application/x-www-form-urlencoded' : 'application/json',
        payload: form ? formEncode(signed) : JSON.stringify(signed),
        acceptLanguage,
      };
    }),
  );

/** Anything at all: unsigned or wrongly signed bodies, raw text, wrong content types. */
const anyRequest: fc.Arbitrary<Sent> = fc.record({
  action: fc.oneof(fc.constantFrom(...ACTIONS), fc.string({ maxLength: 20 })),
  contentType: fc.option(contentTypes),
  payload: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.json(),
    fc.constantFrom('{', '[]', 'null', '"x"', '{"a":1,}', '{"__proto__":{"a":1}}', 'a=1&a=2&sign=', '%%%', '\u0000'),
    fc.constantFrom(...ACTIONS).chain(bodyFor).map((body) => JSON.stringify(body)),
  ),
  acceptLanguage,
});

async function send(store: TestStore, request: Sent) {
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.acceptLanguage !== null) headers['accept-language'] = request.acceptLanguage;
  return store.app.inject({
    method: 'POST',
    url: `/api/${encodeURI(request.action)}`,
    headers,
    payload: request.payload,
  });
}

function expectCleanAnswer(response: Awaited<ReturnType<typeof send>>): void {
  expect(response.statusCode).toBeLessThan(500);
  const body = response.json() as { ret: unknown; data: unknown; msg: unknown };
  expect(Object.keys(body).sort()).toEqual(['data', 'msg', 'ret']);
  expect(ANSWERED_RETS.has(body.ret as number)).toBe(true);
  expect(typeof body.msg).toBe('string');
  if (body.ret !== 0) expect(body.data).toBeNull();
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+|Error:|stack/);
}

describe.each(testDbTargets())('no input yields a 5xx on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('for correctly signed bodies of every action, with values of every shape', async () => {
    const answered = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(signedRequest, async (request) => {
        const response = await send(store, request);
        expectCleanAnswer(response);
        const ret = (response.json() as { ret: number }).ret;
        answered.set(ret, (answered.get(ret) ?? 0) + 1);
      }),
      { numRuns: 3000 },
    );
    // The runs reached the actions themselves, not only the refusals at the door.
    expect(answered.get(RET.OK) ?? 0).toBeGreaterThan(200);
    for (const ret of [RET.MISSING_PARAMETER, RET.INVALID_PARAMETER, RET.UNKNOWN_GAME, RET.UNKNOWN_SERVER, RET.ROLE_NOT_FOUND]) {
      expect([ret, answered.get(ret) ?? 0]).toEqual([ret, expect.any(Number)]);
      expect(answered.get(ret) ?? 0).toBeGreaterThan(0);
    }
  });

  it('for any body, content type and language header', async () => {
    await fc.assert(
      fc.asyncProperty(anyRequest, async (request) => {
        const response = await send(store, request);
        if (response.statusCode === 404 && !String(response.headers['content-type']).includes('json')) return;
        expectCleanAnswer(response);
      }),
      { numRuns: 1000 },
    );
  });

  it('for every action reached with each kind of refusal', async () => {
    for (const action of ACTIONS) {
      for (const [payload, contentType] of [
        ['', null],
        ['{', 'application/json'],
        ['x'.repeat(40_000), 'application/x-www-form-urlencoded'],
        ['<a/>', 'application/xml'],
      ] as const) {
        expectCleanAnswer(await send(store, { action, contentType, payload, acceptLanguage: 'kr' }));
      }
    }
  });
});
