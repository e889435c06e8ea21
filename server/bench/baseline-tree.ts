/**
 * `BENCH_BASELINE=<git ref>`: the store as it was at that commit, unpacked beside this one, so that a
 * benchmark measures it and this tree back to back in one run and writes both figures. The baseline's
 * files come from `git archive` (nothing of this repository's state changes); its node_modules are this
 * tree's packages, the workspace packages (@topup/*) its own.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface StoreTree {
  /** "baseline 1a2b3c4" or "this tree 5d6e7f8" (with " + changes" when the work tree differs from its commit). */
  readonly label: string;
  readonly root: string;
  remove(): void;
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

/** This tree, as the label names it. */
export function currentTree(): StoreTree {
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', 'server', 'shared']) !== '';
  return { label: `this tree ${commit}${dirty ? ' + changes' : ''}`, root: ROOT, remove: () => undefined };
}

/** The store at `ref`, unpacked in a temporary directory until `remove`. */
export function baselineTree(ref: string): StoreTree {
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`]);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `topup-baseline-${commit}-`));
  const archive = path.join(root, 'tree.tar');
  execFileSync('git', ['archive', '--format=tar', '-o', archive, commit, 'package.json', 'tsconfig.json', 'server', 'shared'], { cwd: ROOT });
  execFileSync('tar', ['-xf', archive, '-C', root]);
  fs.rmSync(archive);
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '@topup') continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  fs.mkdirSync(path.join(modules, '@topup'));
  for (const name of ['server', 'shared']) fs.symlinkSync(path.join('..', '..', name), path.join(modules, '@topup', name));
  if (fs.existsSync(path.join(ROOT, 'server', 'node_modules'))) fs.symlinkSync(path.join(ROOT, 'server', 'node_modules'), path.join(root, 'server', 'node_modules'));
  return { label: `baseline ${commit}`, root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/**
 * The trees a benchmark measures: the baselines BENCH_BASELINE names (one ref, or several separated by
 * commas, oldest first: each step's effect in one run), then this tree.
 */
export function treesToMeasure(): StoreTree[] {
  const refs = (process.env.BENCH_BASELINE ?? '').split(',').map((ref) => ref.trim()).filter(Boolean);
  return [...refs.map(baselineTree), currentTree()];
}
