import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Banner } from '@topup/shared/types';
import { checkCatalogueFile, exportCatalogue, importCatalogue, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { missingCatalogueImages, MAX_CATALOGUE_IMAGE_BYTES } from '../src/catalogue/catalogue-images';
import { pixelSize, sniffImageType } from '../src/catalogue/image-header';
import { addOperator } from '../src/ops/operator-admin';
import type { OperatorRole } from '../src/ops/roles';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';
const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const IMPORT = { actor: 'service:test', reason: 'test', source: 'import' } as const;
const LINK_HOST = 'events.example.com';

/** An answer's JSON, read freely by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A PNG's signature and IHDR chunk (what the store reads), then `fill` bytes of `seed` to make it unique or large. */
function png(width: number, height: number, seed = 0, fill = 16): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'ascii');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  header[25] = 6;
  return Buffer.concat([header, Buffer.alloc(Math.max(fill, 0), seed)]);
}

/** A JPEG: start of image, an APP0 segment, then a baseline start-of-frame. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

function gif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(20);
  bytes.write('GIF89a', 0, 'ascii');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

/** A WebP of each kind of first chunk: lossy (VP8), lossless (VP8L), extended (VP8X). */
function webp(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const bytes = Buffer.alloc(40);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(32, 4);
  bytes.write('WEBP', 8, 'ascii');
  bytes.write(kind, 12, 'ascii');
  if (kind === 'VP8 ') {
    Buffer.from([0x9d, 0x01, 0x2a]).copy(bytes, 23);
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  } else if (kind === 'VP8L') {
    bytes[20] = 0x2f;
    bytes.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else {
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
  }
  return bytes;
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('a picture\'s header', () => {
  it.each([
    ['PNG', png(750, 300), 'image/png'],
    ['JPEG', jpeg(1200, 360), 'image/jpeg'],
    ['GIF', gif(64, 32), 'image/gif'],
    ['lossy WebP', webp('VP8 ', 750, 300), 'image/webp'],
    ['lossless WebP', webp('VP8L', 750, 300), 'image/webp'],
    ['extended WebP', webp('VP8X', 3000, 2000), 'image/webp'],
  ] as const)('names a %s by its magic bytes and reads its size', (_kind, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
    const size = pixelSize(bytes, type);
    expect(size).not.toBeNull();
    expect(size!.width * size!.height).toBeGreaterThan(0);
  });

  it('reads the sizes the headers give, and nothing from an SVG or text', () => {
    expect(pixelSize(png(750, 300), 'image/png')).toEqual({ width: 750, height: 300 });
    expect(pixelSize(jpeg(1200, 360), 'image/jpeg')).toEqual({ width: 1200, height: 360 });
    expect(pixelSize(gif(64, 32), 'image/gif')).toEqual({ width: 64, height: 32 });
    expect(pixelSize(webp('VP8 ', 750, 300), 'image/webp')).toEqual({ width: 750, height: 300 });
    expect(pixelSize(webp('VP8L', 750, 300), 'image/webp')).toEqual({ width: 750, height: 300 });
    expect(pixelSize(webp('VP8X', 3000, 2000), 'image/webp')).toEqual({ width: 3000, height: 2000 });
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from('GIF8'))).toBeNull();
    expect(pixelSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBeNull();
  });
});

/** A back-office browser over inject: keeps its cookies and the CSRF token the API hands out. */
class Operator {
  private readonly cookies = new Map<string, string>();
  csrf = '';
  constructor(private readonly app: FastifyInstance) {}

  async send(method: 'GET' | 'POST', path: string, body?: Buffer | string | object, type?: string, csrf = true): Promise<{ status: number; body: Json; headers: Record<string, unknown> }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && csrf && this.csrf) headers['x-csrf-token'] = this.csrf;
    if (type) headers['content-type'] = type;
    const payload = body === undefined || Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body);
    const response = await this.app.inject({ method, url: `/ops/api${path}`, headers, payload });
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    let parsed: Json = null;
    try {
      parsed = response.json();
    } catch {
      parsed = null;
    }
    if (parsed && typeof parsed.csrfToken === 'string') this.csrf = parsed.csrfToken;
    return { status: response.statusCode, body: parsed, headers: response.headers };
  }

  upload(bytes: Buffer, type: string) {
    return this.send('POST', '/catalogue/images', bytes, type);
  }
}

describe.each(testDbTargets())('catalogue pictures and banners on $name', (target) => {
  let store: TestStore;
  const operators: Partial<Record<OperatorRole, Operator>> = {};

  beforeAll(async () => {
    store = await openTestStore(target, { bannerLinkHosts: [LINK_HOST] });
    for (const role of ['merchandiser', 'viewer'] as const) {
      await addOperator(store.db, SETUP, { email: `${role}@ops.example`, role, password: PASSWORD });
      const operator = new Operator(store.app);
      await operator.send('GET', '/session');
      expect((await operator.send('POST', '/session', { email: `${role}@ops.example`, password: PASSWORD }, 'application/json')).status).toBe(200);
      operators[role] = operator;
    }
  });
  afterAll(() => store.close());

  const merchandiser = () => operators.merchandiser!;
  const get = (url: string, headers: Record<string, string> = {}) => store.app.inject({ method: 'GET', url, headers });

  it('keeps an uploaded picture under its content\'s name and serves the same bytes to everyone, cached for a year', async () => {
    const bytes = png(750, 300, 1);
    const uploaded = await merchandiser().upload(bytes, 'image/png');
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.png`;
    expect(uploaded).toMatchObject({ status: 201, body: { url: `/assets/catalogue/${name}`, name, size: bytes.length, width: 750, height: 300 } });

    const served = await get(uploaded.body.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      etag: `"${name}"`,
    });
    expect((await get(uploaded.body.url, { 'if-none-match': `"${name}"` })).statusCode).toBe(304);

    const [audit] = await store.db.query<Json>(`SELECT actor, target_type, target_id, after FROM audit_log WHERE action = 'catalogue.image_upload' AND target_id = $1`, [name]);
    expect(audit).toMatchObject({ actor: 'merchandiser@ops.example', target_type: 'catalogue_image', after: { content_type: 'image/png', size: bytes.length, width: 750, height: 300 } });
  });

  it('gives the same bytes the same name, once, whoever sends them again', async () => {
    const bytes = jpeg(1200, 360);
    const first = await merchandiser().upload(bytes, 'image/jpeg');
    const second = await merchandiser().upload(bytes, 'image/jpeg; charset=binary');
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 200, body: { ...first.body } });
    expect(first.body.name).toMatch(/^[0-9a-f]{20}\.jpg$/);
    const [row] = await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogue_images WHERE name = $1', [first.body.name]);
    const [audited] = await store.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'catalogue.image_upload' AND target_id = $1`, [first.body.name]);
    expect([row?.n, audited?.n]).toEqual([1, 1]);
  });

  it('takes a picture of exactly 1 MiB and refuses one byte more with 413, in words', async () => {
    const largest = png(10, 10, 2, MAX_CATALOGUE_IMAGE_BYTES - 33);
    expect(largest.length).toBe(MAX_CATALOGUE_IMAGE_BYTES);
    expect((await merchandiser().upload(largest, 'image/png')).status).toBe(201);
    const over = await merchandiser().upload(png(10, 10, 3, MAX_CATALOGUE_IMAGE_BYTES - 32), 'image/png');
    expect(over).toMatchObject({ status: 413, body: { code: 'imageTooLarge', error: 'A picture may be at most 1 MiB' } });
  });

  it('refuses with 415 an SVG, a file whose bytes are not its declared type, and anything that is no picture', async () => {
    const svg = await merchandiser().upload(SVG, 'image/svg+xml');
    expect(svg).toMatchObject({ status: 415, body: { code: 'imageType' } });
    expect(svg.body.error).toMatch(/SVG pictures are not accepted/);
    const disguised = await merchandiser().upload(SVG, 'image/png');
    expect(disguised).toMatchObject({ status: 415, body: { code: 'imageType', error: expect.stringMatching(/not a PNG, JPEG, WebP or GIF picture/) } });
    const mislabelled = await merchandiser().upload(png(4, 4, 4), 'image/jpeg');
    expect(mislabelled).toMatchObject({ status: 415, body: { code: 'imageType', error: "The file's bytes are image/png, not image/jpeg" } });
    expect(await merchandiser().send('POST', '/catalogue/images', { not: 'a picture' }, 'application/json')).toMatchObject({ status: 415, body: { code: 'imageType' } });
    expect(await merchandiser().upload(Buffer.alloc(0), 'image/png')).toMatchObject({ status: 400, body: { code: 'imageEmpty' } });
    const [row] = await store.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalogue_images WHERE content_type NOT IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')`);
    expect(row?.n).toBe(0);
  });

  it('lets only the catalogue\'s editors upload: a viewer is refused, a request without a session or its CSRF token too', async () => {
    const bytes = png(8, 8, 5);
    expect(await operators.viewer!.upload(bytes, 'image/png')).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await new Operator(store.app).upload(bytes, 'image/png')).toMatchObject({ status: 401, body: { code: 'signedOut' } });
    expect(await merchandiser().send('POST', '/catalogue/images', bytes, 'image/png', false)).toMatchObject({ status: 403, body: { code: 'csrf' } });
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.png`;
    expect((await get(`/assets/catalogue/${name}`)).statusCode).toBe(404);
  });

  it('answers an unknown or malformed name with the store\'s 404, never a server error, and the build\'s pictures still come from /assets', async () => {
    for (const url of [
      '/assets/catalogue/0123456789abcdef0123.png',
      '/assets/catalogue/0123456789ABCDEF0123.png',
      '/assets/catalogue/0123456789abcdef0123.svg',
      '/assets/catalogue/..%2F..%2Fpackage.json',
      '/assets/catalogue/%00.png',
      `/assets/catalogue/${'a'.repeat(5000)}.png`,
      '/assets/catalogue/',
      '/assets/catalogue/a/b.png',
    ]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const demo = await get('/assets/games/18.svg');
    expect([demo.statusCode, demo.headers['cache-control']]).toEqual([200, 'public, max-age=86400']);
  });

  it('says which of a catalogue\'s /assets/catalogue/ addresses name no stored picture', async () => {
    const stored = (await merchandiser().upload(gif(2, 2), 'image/gif')).body.url as string;
    const unknown = '/assets/catalogue/ffffffffffffffffffff.png';
    const malformed = '/assets/catalogue/not-a-name.png';
    const missing = await missingCatalogueImages(store.db, [stored, unknown, '/assets/banners/18-1.svg', 'https://cdn.example.com/x.png', malformed, unknown, stored]);
    expect(missing).toEqual([unknown, malformed]);
    expect(await missingCatalogueImages(store.db, [])).toEqual([]);
    expect(await missingCatalogueImages(store.db, [stored])).toEqual([]);
  });

  /** A copy of the catalogue file to change: the export is read-only. */
  const catalogueFile = async () => JSON.parse(JSON.stringify(await exportCatalogue(store.db))) as { banners: Array<Record<string, unknown>> } & CatalogueFile;
  const slideLinks = async (game: number | '', area: string) => {
    const answer = await call<Banner[]>(store.app, game === '' ? 'pcpay/banner' : 'banners', { game_id: game, area });
    return answer.data.map((slide) => slide.url);
  };

  it('shows players a banner only inside its window, judged when they ask', async () => {
    const day = 24 * 60 * 60_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const file = await catalogueFile();
    const before = await slideLinks(18, 'us');
    expect(before).toHaveLength(2);
    const banner = (key: string) => file.banners.find((row) => row.banner_key === key)!;
    expect(banner('18-us-1')).toMatchObject({ starts_at: null, ends_at: null });
    banner('18-us-1').starts_at = iso(day);
    banner('18-us-2').starts_at = iso(-day);
    banner('18-us-2').ends_at = iso(day);
    banner('store-1').ends_at = iso(-60_000);
    await importCatalogue(store.db, store.catalogue, file, IMPORT);

    expect(await slideLinks(18, 'us')).toEqual([before[1]]);
    expect(await slideLinks('', 'us')).toEqual(['/#/index_1']);
    const exported = (await exportCatalogue(store.db)).banners.find((row) => row.banner_key === '18-us-1');
    expect(Date.parse(exported!.starts_at!)).toBe(Date.parse(banner('18-us-1').starts_at as string));
    expect(exported!.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The same revision two days later: one window has opened, the other closed, with no reload of the catalogue.
    const clock = store.catalogue as unknown as { now: () => number };
    const realClock = clock.now;
    const revision = (await store.catalogue.get()).revision;
    clock.now = () => realClock() + 2 * day;
    try {
      expect(await slideLinks(18, 'us')).toEqual([before[0]]);
    } finally {
      clock.now = realClock;
    }
    expect((await store.catalogue.get()).revision).toBe(revision);
    expect(await slideLinks(18, 'us')).toEqual([before[1]]);
  });

  it('refuses banner links outside the store and its allowed hosts, and a window that ends before it starts, each where it is', async () => {
    const file = await catalogueFile();
    const [first, second, third, fourth] = file.banners;
    first!.url = '//evil.example/x';
    second!.url = `https://${LINK_HOST}/winter`;
    third!.url = 'https://elsewhere.example/winter';
    fourth!.starts_at = '2026-12-24T00:00:00Z';
    fourth!.ends_at = '2026-12-23T00:00:00Z';
    const at = (index: number) => `banners[${index}] (${String(file.banners[index]!.banner_key)})`;
    expect(checkCatalogueFile(JSON.parse(JSON.stringify(file)), { bannerLinkHosts: [LINK_HOST] })).toEqual([
      `${at(0)}: the link //evil.example/x must be a page of the store (starting with a single /) or an https:// address`,
      `${at(2)}: the link goes to elsewhere.example, which is not among the hosts banners may link to (BANNER_LINK_HOSTS: ${LINK_HOST})`,
      `${at(3)}: ends_at (2026-12-23T00:00:00Z) must be after starts_at (2026-12-24T00:00:00Z)`,
    ]);
    // Without the setting, no host is allowed; the store's own pages always are.
    expect(checkCatalogueFile(JSON.parse(JSON.stringify(file)))).toContain(`${at(1)}: the link goes to ${LINK_HOST}: banners link only to the store's own pages unless BANNER_LINK_HOSTS lists the host`);
    first!.url = 'http://evil.example/x';
    expect(checkCatalogueFile(JSON.parse(JSON.stringify(file)))).toContainEqual(expect.stringMatching(/^\/banners\/0\/url: must match pattern/));
    fourth!.ends_at = '2026-02-30T00:00:00Z';
    first!.url = '#/prod?game_id=18&area=us';
    third!.url = '/#/pcIndex';
    expect(checkCatalogueFile(JSON.parse(JSON.stringify(file)), { bannerLinkHosts: [LINK_HOST] })).toEqual([`${at(3)}: ends_at 2026-02-30T00:00:00Z is no day of the calendar`]);

    // The back office checks with the server's BANNER_LINK_HOSTS.
    fourth!.ends_at = null;
    const checked = await merchandiser().send('POST', '/catalogue/check', file, 'application/json');
    expect(checked).toMatchObject({ status: 200, body: { problems: [] } });
  });
});
