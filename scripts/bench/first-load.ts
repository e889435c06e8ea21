// `npm run bench:first-load`: which JavaScript a phone downloads to show `#/`, per file, gzip bytes.
import { gzipSync } from 'node:zlib';
import { launchBrowser, PHONE } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';
import { machineLine, writeSection } from './benchmarks-doc';

export interface LoadedFile {
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** The gzip bytes of all those files together. */
export function totalGzip(files: readonly LoadedFile[]): number {
  return files.reduce((sum, f) => sum + f.gzipBytes, 0);
}

/** Loads `route` in Chromium at phone size and returns every script it fetched until the page settled. */
export async function measureFirstLoad(baseUrl: string, route: string): Promise<LoadedFile[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const files: Promise<LoadedFile>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script') return;
      files.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(`${baseUrl}/#${route}`, { waitUntil: 'networkidle' });
    await page.locator('[data-remote-root] h1').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    return await Promise.all(files);
  } finally {
    await browser.close();
  }
}

function table(files: LoadedFile[]): string {
  const rows = files
    .slice()
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `| \`${f.path.replace(/\/remotes\/([^/]+)\/[^/]+\//, '/remotes/$1/<version>/')}\` | ${f.bytes} | ${f.gzipBytes} |`);
  const total = totalGzip(files);
  const raw = files.reduce((sum, f) => sum + f.bytes, 0);
  return ['| file | bytes | gzip bytes |', '|---|---:|---:|', ...rows, `| **total (${files.length} files)** | **${raw}** | **${total}** |`].join('\n');
}

async function main(): Promise<void> {
  const server = await startServer();
  try {
    const files = await measureFirstLoad(server.url, '/');
    const total = totalGzip(files);
    writeSection(
      'first-load',
      [
        '## First-load JavaScript of `#/`',
        '',
        `Measured ${machineLine()} by \`npm run bench:first-load\`: production build, Chromium at 390×844,`,
        'every script fetched until the network is idle, gzip level 9 computed on the bytes received.',
        '',
        table(files),
      ].join('\n'),
    );
    console.log(`#/ first load: ${files.length} scripts, ${total} bytes gzip`);
  } finally {
    await server.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
