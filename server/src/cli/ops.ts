// `npm run ops -- add-operator <email> --role <role>`: adds a back-office operator (the first admin, or
// any operator when nobody can sign in). The password is read from standard input when it is not a
// terminal (`echo "$PASSWORD" | npm run ops -- add-operator …`), and asked for (twice, unechoed) otherwise.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { configFrom } from '../config';
import { processSettings } from '../settings/environment';
import { migrate } from '../db/migrate';
import { describeDb, openDb } from '../db/open-db';
import { addOperator } from '../ops/operator-admin';
import { isOperatorRole, OPERATOR_ROLES } from '../ops/roles';
import { fail, operator, parseArgs } from './cli-args';

const USAGE = `usage: npm run ops -- add-operator <email> --role ${OPERATOR_ROLES.join('|')}   (password from standard input, or asked for)`;

async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function passwordFromUser(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await ask('Password (at least 12 characters): ');
  const second = await ask('The same password again: ');
  if (first !== second) fail('The two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const { positional, flags } = parseArgs(process.argv.slice(2), ['role', 'reason']);
  const [command, email] = positional;
  if (command !== 'add-operator' || !email) fail(USAGE);
  const role = flags.role;
  if (!isOperatorRole(role)) fail(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  const password = await passwordFromUser();
  const config = configFrom(processSettings());
  const db = await openDb(config);
  try {
    await migrate(db);
    const added = await addOperator(db, { name: `service:${operator()}`, operatorId: null, address: 'command line' }, {
      email,
      role,
      password,
      reason: typeof flags.reason === 'string' ? flags.reason : 'added from the command line',
    });
    console.log(`✓ ${added.email} can sign in to the back office (#/ops) as ${added.role} — ${describeDb(config)}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
