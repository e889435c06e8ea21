import path from 'node:path';

// No two folders of server/src import each other, type imports included (decision 261): each folder
// is a module with one direction of use, as `npx madge --circular` would tell for single files.
const src = path.resolve(__dirname, '..', 'src');

type Graph = Map<string, Set<string>>;

/** The folder of a module of server/src (a file at the top is a module of its own). */
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);

type MadgeResult = { obj(): Record<string, string[]>; circular(): string[][] };

async function fileGraph(): Promise<MadgeResult> {
  const madge = require('madge') as (path: string, config: object) => Promise<MadgeResult>;
  return madge(src, {
    fileExtensions: ['ts'],
    tsConfig: path.resolve(src, '..', 'tsconfig.json'),
    // A type import ties two folders as much as any other.
    detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false } },
  });
}

function folderGraph(result: MadgeResult): Graph {
  const graph: Graph = new Map();
  for (const [file, imports] of Object.entries(result.obj())) {
    const from = folderOf(file);
    for (const imported of imports) {
      const to = folderOf(imported);
      if (to !== from && !imported.startsWith('..')) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Every folder import `a → b` that lies on a circle (b reaches a again), as "a → b". */
function importsInCircles(graph: Graph): string[] {
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>([from]);
    const queue = [from];
    while (queue.length) {
      for (const next of graph.get(queue.shift()!) ?? []) {
        if (next === to) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return false;
  };
  return [...graph].flatMap(([from, tos]) => [...tos].filter((to) => reaches(to, from)).map((to) => `${from} → ${to}`)).sort();
}

describe('folders of the server', () => {
  let files: MadgeResult;
  let graph: Graph;
  let circles: string[];
  beforeAll(async () => {
    files = await fileGraph();
    graph = folderGraph(files);
    circles = importsInCircles(graph);
  }, 120_000);

  it('import each other in no circle', () => {
    expect(circles).toEqual([]);
  });

  it('nor do two files, within a folder either (a type kept where both can import it)', () => {
    expect(files.circular().filter((circle) => circle.every((file) => !file.startsWith('..')))).toEqual([]);
  });

  it('sees the folders and their imports', () => {
    // A check that finds nothing would pass anything: the edge imports the domain, types included.
    expect([...(graph.get('http') ?? [])]).toEqual(expect.arrayContaining(['orders', 'releases', 'catalogue', 'ops']));
  });
});
