import os from 'node:os';
import { processSettings } from '../settings/environment';

export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Record<string, string | true>;
}

/** `a b --force --reason "why"` → positional [a, b], flags { force: true, reason: 'why' }. */
export function parseArgs(argv: readonly string[], valued: readonly string[] = ['reason']): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (valued.includes(name) && i + 1 < argv.length) flags[name] = argv[++i] as string;
    else flags[name] = true;
  }
  return { positional, flags };
}

/** Who runs an ops command, for the activation history. */
export function operator(): string {
  try {
    return `${processSettings().OPS_ACTOR ?? os.userInfo().username}@${os.hostname()}`;
  } catch {
    return 'unknown';
  }
}

export function fail(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}
