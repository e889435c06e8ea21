import fs from 'node:fs';
import path from 'node:path';
import { STRINGS } from '../src/strings';

/** The server's list of the actions it writes (server/src/ops/audit.ts), read as text: a remote never imports the server. */
function auditActions(): string[] {
  const source = fs.readFileSync(path.join(__dirname, '..', '..', 'server', 'src', 'ops', 'audit.ts'), 'utf8');
  const list = /export const AUDIT_ACTIONS = \[([^\]]*)\] as const/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]!);
}
const AUDIT_ACTIONS = auditActions();

/**
 * The audit log shows each row's action in the operator's language: every action the store can write
 * (the server's `writeAudit` takes only these) has its label in en, ko and zh, and no label is left
 * for an action the store no longer writes.
 */
describe('the audit log names every action in en, ko and zh', () => {
  it('reads the server’s list of actions', () => {
    expect(AUDIT_ACTIONS).toEqual(expect.arrayContaining(['order.refund', 'release.policy', 'release.record', 'release.reactivate', 'session.sign_in']));
  });

  it.each(['en', 'ko', 'zh'] as const)('%s has a label for every action the store writes', (language) => {
    const strings = STRINGS[language] as Record<string, string>;
    expect(AUDIT_ACTIONS.filter((action) => !strings[`audit.action.${action}`]?.trim())).toEqual([]);
    // A label is words, never the raw action name.
    expect(AUDIT_ACTIONS.filter((action) => strings[`audit.action.${action}`] === action)).toEqual([]);
  });

  it('keeps no label for an action the store does not write', () => {
    const labelled = Object.keys(STRINGS.en).filter((key) => key.startsWith('audit.action.')).map((key) => key.slice('audit.action.'.length));
    expect(labelled.filter((action) => !AUDIT_ACTIONS.includes(action))).toEqual([]);
  });
});
