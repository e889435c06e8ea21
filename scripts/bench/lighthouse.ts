import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_PATH } from '../../e2e/support/browser';
import { REPO_ROOT } from '../../e2e/support/server';

export interface PageFigures {
  readonly score: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Gzip bytes (level 9) of the JavaScript fetched before Time to Interactive. */
  readonly jsBytesBeforeInteractive: number;
  readonly jsFilesBeforeInteractive: number;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
}

/** The gzip size (level 9) of what a URL serves, whatever encoding the server would choose. */
async function gzipBytesAt(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
}

/** Lighthouse's own "Please run Lighthouse again" failures (a trace it could not record): run again, at most twice. */
const RUN_AGAIN = /Please run Lighthouse again/;

/** One Lighthouse run, performance only: mobile defaults (simulated throttling) or the desktop preset. */
export async function runLighthouse(url: string, form: 'phone' | 'desktop' = 'phone', attempt = 1): Promise<PageFigures> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'topup-lh-')), 'report.json');
  const result = spawnSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'lighthouse'),
    [url, '--output=json', `--output-path=${out}`, '--only-categories=performance', '--quiet', ...(form === 'desktop' ? ['--preset=desktop'] : []), `--chrome-flags=${FLAGS}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8', timeout: 180_000 },
  );
  if ((result.status !== 0 || !fs.existsSync(out)) && RUN_AGAIN.test(result.stderr ?? '') && attempt < 3) {
    console.log(`lighthouse asked to be run again on ${url} (attempt ${attempt})`);
    return runLighthouse(url, form, attempt + 1);
  }
  if (result.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed on ${url}:\n${result.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport;
  const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  const interactive = value('interactive');
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && Number(item.networkEndTime) <= interactive,
  );
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytesBeforeInteractive: (await Promise.all(scripts.map((item) => gzipBytesAt(String(item.url))))).reduce((sum, n) => sum + n, 0),
    jsFilesBeforeInteractive: scripts.length,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function medianFigures(runs: readonly PageFigures[]): PageFigures {
  const m = (key: keyof PageFigures) => median(runs.map((r) => r[key]));
  return {
    score: m('score'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    jsBytesBeforeInteractive: m('jsBytesBeforeInteractive'),
    jsFilesBeforeInteractive: m('jsFilesBeforeInteractive'),
  };
}

export interface AccessibilityFigures {
  /** Lighthouse's accessibility score, 0–100. */
  readonly score: number;
  /** The audits that failed, by id (e.g. `color-contrast`, `target-size`). */
  readonly failed: readonly string[];
}

/** One Lighthouse accessibility run: the phone's defaults, or the desktop preset. */
export function runAccessibility(url: string, form: 'phone' | 'desktop'): AccessibilityFigures {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'topup-lh-')), 'report.json');
  const preset = form === 'desktop' ? ['--preset=desktop'] : [];
  const result = spawnSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'lighthouse'),
    [url, '--output=json', `--output-path=${out}`, '--only-categories=accessibility', ...preset, '--quiet', `--chrome-flags=${FLAGS}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8', timeout: 180_000 },
  );
  if (result.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed on ${url}:\n${result.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: { accessibility: { score: number; auditRefs: Array<{ id: string; weight: number }> } };
    audits: Record<string, { score: number | null }>;
  };
  const category = report.categories.accessibility;
  const failed = category.auditRefs.filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0).map((ref) => ref.id);
  return { score: Math.round(category.score * 100), failed };
}
