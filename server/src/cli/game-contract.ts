// `npm run test:game-contract -- <url> [--secret S] [--game 18] [--server 1801] [--sign ''] [--role 1801001] [--uid 1800001]`:
// checks a game server against the game-server contract (docs/game-integration.md). The character
// given must exist on that server; the defaults are the sandbox game's. Exits 1 on any breach.
import { runContractSuite } from '../game/http/contract-suite';
import { SANDBOX_GAME_DEV_SECRET } from '../http/sandbox/sandbox-game-server';
import { fail, parseArgs } from './cli-args';
import { processSettings } from '../settings/environment';

async function main(): Promise<void> {
  const { positional, flags } = parseArgs(process.argv.slice(2), ['secret', 'game', 'server', 'sign', 'role', 'uid']);
  const url = positional[0];
  if (!url || !/^https?:\/\//.test(url)) fail('usage: npm run test:game-contract -- <url of the game server> [--secret S] [--game N] [--server ID] [--sign S] [--role ID] [--uid ID]');
  const text = (name: string, fallback: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : fallback);
  const target = {
    url,
    secret: text('secret', processSettings().GAME_SERVER_SECRET ?? SANDBOX_GAME_DEV_SECRET),
    gameId: Number(text('game', '18')),
    serverId: text('server', '1801'),
    serverSign: text('sign', ''),
    roleId: text('role', '1801001'),
    uid: text('uid', '1800001'),
  };
  if (!Number.isInteger(target.gameId) || target.gameId <= 0) fail('--game must be a game id');
  console.log(`Game-server contract checks against ${url} (game ${target.gameId}, character ${target.serverId}/${target.roleId}):`);
  const checks = await runContractSuite(target);
  for (const check of checks) console.log(`${check.passed ? '✓' : '✗'} ${check.name}${check.passed ? '' : ` — ${check.detail}`}`);
  const failed = checks.filter((check) => !check.passed).length;
  console.log(failed ? `\n✗ ${failed} of ${checks.length} checks failed: the server does not keep the contract.` : `\n✓ all ${checks.length} checks passed.`);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
