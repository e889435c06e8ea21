/**
 * Jest's order of test files (longest first, from its cache of earlier runs; else the largest first),
 * with one rule more for a run without that cache (a fresh clone): in the `node` and `web` projects,
 * a file that starts processes of its own (a store, a cluster, the chaos run) goes before the other
 * new files. Such a file spends tens of seconds waiting on them; started late, it would run on after
 * the other worker has nothing left, started early its wait overlaps the quick files.
 */
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const STARTS_PROCESSES = /\b(startStore|startStoreServer|startServer|startServerScript|startCluster|runChaos|spawn)\(/;
const PROJECTS = new Set(['node', 'web']);

class TopUpSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const rank = (test) => {
      if (this.hasFailed(test)) return 0;
      if (test.duration != null || !PROJECTS.has(test.context.config.displayName?.name)) return 2;
      return STARTS_PROCESSES.test(fs.readFileSync(test.path, 'utf8')) ? 1 : 2;
    };
    const ranks = new Map(sorted.map((test) => [test, rank(test)]));
    // Array sort is stable: within a rank, jest's own order.
    return sorted.sort((a, b) => ranks.get(a) - ranks.get(b));
  }
}

module.exports = TopUpSequencer;
