import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './server';

const TSX = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface OpsResult {
  readonly status: number;
  readonly output: string;
}

/** Runs an ops command (`release`, `remotes` or `ops`) as an operator would, with `env` on top of ours and `input` on its standard input. */
export function runOps(command: 'release' | 'remotes' | 'ops', args: readonly string[], env: Record<string, string>, input?: string): OpsResult {
  const result = spawnSync(process.execPath, [TSX, path.join('server', 'src', 'cli', `${command}.ts`), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 180_000,
    input: input ?? '',
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

export function mustRunOps(command: 'release' | 'remotes' | 'ops', args: readonly string[], env: Record<string, string>, input?: string): string {
  const result = runOps(command, args, env, input);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.output}`);
  return result.output;
}
