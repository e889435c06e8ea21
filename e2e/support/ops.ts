import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './server';

const TSX = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface OpsResult {
  readonly status: number;
  readonly output: string;
}

/**
 * Runs an ops command (`release`, `remotes` or `ops`) as an operator would, with `env` on top of ours and
 * `input` on its standard input. Asynchronous, so that the test's own connections keep their timers
 * while it runs: a connection the store closed meanwhile is then dropped, not reused for the next call.
 */
export function runOps(command: 'release' | 'remotes' | 'ops', args: readonly string[], env: Record<string, string>, input?: string): Promise<OpsResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, path.join('server', 'src', 'cli', `${command}.ts`), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      timeout: 180_000,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
    child.stdin.end(input ?? '');
  });
}

export async function mustRunOps(command: 'release' | 'remotes' | 'ops', args: readonly string[], env: Record<string, string>, input?: string): Promise<string> {
  const result = await runOps(command, args, env, input);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.output}`);
  return result.output;
}
