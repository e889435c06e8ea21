import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BENCHMARKS_MD = path.resolve(__dirname, '..', '..', 'docs', 'benchmarks.md');

/** "2026-11-21, 2 cores, Intel Xeon …, 23 GiB, Node v20.20.2" — the machine a figure was measured on. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const gib = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.cpus().length} cores (${cpu}) · ${gib} GiB · Node ${process.version}`;
}

/** Replaces (or appends) the section between `<!-- name:start -->` and `<!-- name:end -->`. */
export function writeSection(name: string, body: string, file = BENCHMARKS_MD): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n\nEvery figure here is written by a `npm run bench…` command; rerun it to refresh.\n';
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next);
}
