import { CONTRACT_PATHS, readAccountRoles, readLookup, readSentMail } from './game-contract';
import { signatureProblem, signedHeaders, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './game-signature';

/** A publisher's game server under test, and a character it has (the sandbox game's by default). */
export interface ContractTarget {
  readonly url: string;
  readonly secret: string;
  readonly gameId: number;
  readonly serverId: string;
  readonly serverSign: string;
  readonly roleId: string;
  readonly uid: string;
}

export interface ContractCheck {
  readonly name: string;
  readonly passed: boolean;
  readonly detail: string;
}

interface Exchange {
  readonly status: number;
  readonly body: unknown;
  /** null: the answer's signature holds. */
  readonly signature: string | null;
}

async function post(target: ContractTarget, path: string, body: object, headers: (raw: string) => Record<string, string>): Promise<Exchange> {
  const raw = JSON.stringify(body);
  const response = await fetch(`${target.url.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers(raw) },
    body: raw,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* checked by the caller */
  }
  const problem = signatureProblem(target.secret, response.headers.get(TIMESTAMP_HEADER) ?? undefined, response.headers.get(SIGNATURE_HEADER) ?? undefined, text);
  return { status: response.status, body: parsed, signature: problem };
}

const signed = (target: ContractTarget) => (raw: string) => signedHeaders(target.secret, raw);

/**
 * The game-server contract's checks (docs/game-integration.md), run against any implementation:
 * signatures required and given, lookups, the account's characters, mail once per key, refusals.
 * Each check says what it found; the suite passes when every one does.
 */
export async function runContractSuite(target: ContractTarget): Promise<ContractCheck[]> {
  const checks: ContractCheck[] = [];
  const check = async (name: string, run: () => Promise<string | null>) => {
    try {
      const problem = await run();
      checks.push({ name, passed: problem === null, detail: problem ?? 'ok' });
    } catch (error) {
      checks.push({ name, passed: false, detail: error instanceof Error ? error.message : String(error) });
    }
  };
  const okAnswer = (exchange: Exchange, what: string): string | null => {
    if (exchange.status !== 200) return `${what}: HTTP ${exchange.status}, expected 200`;
    if (exchange.signature) return `${what}: the answer's signature is ${exchange.signature}`;
    return null;
  };
  const role = { game_id: target.gameId, server_id: target.serverId, server_sign: target.serverSign, role_id: target.roleId };

  await check('health answers ok, signed', async () => {
    const answer = await post(target, CONTRACT_PATHS.health, {}, signed(target));
    return okAnswer(answer, 'health') ?? ((answer.body as { ok?: unknown } | undefined)?.ok === true ? null : 'health: "ok" is not true');
  });
  await check('an unsigned request is refused with 401', async () => {
    const answer = await post(target, CONTRACT_PATHS.lookup, role, () => ({}));
    return answer.status === 401 ? null : `HTTP ${answer.status}, expected 401`;
  });
  await check('a request signed with another secret is refused with 401', async () => {
    const answer = await post(target, CONTRACT_PATHS.lookup, role, (raw) => signedHeaders(`${target.secret}-not`, raw));
    return answer.status === 401 ? null : `HTTP ${answer.status}, expected 401`;
  });
  await check('a request signed ten minutes ago (a replay) is refused with 401', async () => {
    const answer = await post(target, CONTRACT_PATHS.lookup, role, (raw) => signedHeaders(target.secret, raw, Date.now() - 600_000));
    return answer.status === 401 ? null : `HTTP ${answer.status}, expected 401`;
  });
  await check('a request missing its fields is refused with 400', async () => {
    const answer = await post(target, CONTRACT_PATHS.lookup, { game_id: target.gameId }, signed(target));
    return answer.status === 400 ? null : `HTTP ${answer.status}, expected 400`;
  });
  await check(`finds character ${target.roleId} on server ${target.serverId}`, async () => {
    const answer = await post(target, CONTRACT_PATHS.lookup, role, signed(target));
    const problem = okAnswer(answer, 'lookup');
    if (problem) return problem;
    const found = readLookup(target.gameId, answer.body);
    if (!found) return 'answered found: false';
    if (found.roleId !== target.roleId || found.serverId !== target.serverId) return `answered ${found.serverId}/${found.roleId}`;
    return found.uid === target.uid ? null : `uid ${found.uid}, expected ${target.uid}`;
  });
  await check('answers found: false for a character that does not exist', async () => {
    const answer = await post(target, CONTRACT_PATHS.lookup, { ...role, role_id: 'topup-contract-no-such-character' }, signed(target));
    return okAnswer(answer, 'lookup') ?? (readLookup(target.gameId, answer.body) === null ? null : 'answered a character');
  });
  await check(`lists account ${target.uid}'s characters, the one above among them, most recently played first`, async () => {
    const answer = await post(target, CONTRACT_PATHS.accountRoles, { game_id: target.gameId, uid: target.uid }, signed(target));
    const problem = okAnswer(answer, 'account');
    if (problem) return problem;
    const roles = readAccountRoles(target.gameId, answer.body);
    if (!roles.some((one) => one.roleId === target.roleId)) return `${target.roleId} is not listed`;
    const sorted = roles.every((one, index) => index === 0 || roles[index - 1]!.lastLoginAt.getTime() >= one.lastLoginAt.getTime());
    return sorted ? null : 'not ordered by last_login_at, newest first';
  });
  await check('delivers a mail once per key: the same key again answers the same mail, created: false', async () => {
    const mail = { key: `topup-contract-${Date.now()}`, game_id: target.gameId, server_id: target.serverId, role_id: target.roleId, title: 'TopUp Store contract check', items: [{ name: 'Contract check', quantity: 1 }] };
    const first = await post(target, CONTRACT_PATHS.mail, mail, signed(target));
    const firstProblem = okAnswer(first, 'mail');
    if (firstProblem) return firstProblem;
    const again = await post(target, CONTRACT_PATHS.mail, mail, signed(target));
    const againProblem = okAnswer(again, 'mail again');
    if (againProblem) return againProblem;
    const [one, two] = [readSentMail(first.body), readSentMail(again.body)];
    if (!one.created) return 'the first sending answered created: false';
    if (two.created) return 'the second sending answered created: true (delivered twice)';
    return one.mailId === two.mailId ? null : `the second sending answered another mail_id (${two.mailId})`;
  });
  return checks;
}
