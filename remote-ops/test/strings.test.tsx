import { describeStringsParity } from '../../shared/test-support/strings-parity';
import { STRINGS } from '../src/strings';

describeStringsParity('the back office speaks en, ko and zh', STRINGS);

describe('the back office speaks en, ko and zh: what is particular to it', () => {
  it('names every refusal code the API answers with', () => {
    const fs = require('node:fs') as typeof import('node:fs');
    const path = require('node:path') as typeof import('node:path');
    // The back office's refusals: thrown by its operations (server/src/ops, the experiments' management) and its routes (server/src/http/ops).
    const dirs = [path.join(__dirname, '..', '..', 'server', 'src', 'ops'), path.join(__dirname, '..', '..', 'server', 'src', 'http', 'ops'), path.join(__dirname, '..', '..', 'server', 'src', 'experiments')];
    const codes = new Set<string>();
    for (const dir of dirs) {
      for (const file of fs.readdirSync(dir)) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        for (const match of text.matchAll(/new OperationRefused\('[a-zA-Z]+',[^;]*?'([a-zA-Z]+)'\)/gs)) codes.add(match[1]!);
      }
    }
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes].filter((code) => !(`error.${code}` in STRINGS.en))).toEqual([]);
  });
});
