import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const exportsOf = (file: string) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]).sort();

describe('the monolith build of the benchmarks', () => {
  it('stands in for every function the shell imports from its federation module', () => {
    const federated = exportsOf('host/src/federation/remotes.ts');
    expect(federated).toEqual(expect.arrayContaining(['ensureRemotesRegistered', 'loadRemotePage', 'prefetchRemotePage']));
    expect(exportsOf('scripts/bench/monolith/static-remotes.ts')).toEqual(federated);
  });
});
