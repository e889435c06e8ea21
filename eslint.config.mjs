// Lint rules that keep the ownership table of docs/architecture.md true.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REMOTES = ['remote-topup', 'remote-voucher', 'remote-pccenter', 'remote-ops'];

/** Shared libraries ship only the exports of the contract (SHARED_LIBRARY_EXPORTS): no others may be used. */
const contract = fs.readFileSync(new URL('./shared/build/shared-contract.ts', import.meta.url), 'utf8');
function contractExports(library) {
  const block = new RegExp(`'${library}': \\[([^\\]]*)\\]`).exec(contract);
  if (!block) throw new Error(`SHARED_LIBRARY_EXPORTS has no ${library}`);
  return [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}
const LIBRARY_PATHS = ['react-router-dom', 'react-i18next'].map((name) => ({
  name,
  allowImportNames: contractExports(name),
  message: `Only the exports listed in SHARED_LIBRARY_EXPORTS (shared/build/shared-contract.ts) are shipped; add it there first.`,
}));

/** The parts of @topup/shared (SHARED_PARTS in shared/build/shared-contract.ts), in dependency order. */
const SHARED_PARTS = (() => {
  const block = /export const SHARED_PARTS = \[([^\]]*)\]/.exec(contract);
  if (!block) throw new Error('shared-contract.ts has no SHARED_PARTS');
  return [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
})();
/** The parts the server may use too; the others are browser code. */
const ISOMORPHIC_PARTS = ['contracts', 'types', 'sign', 'rules'];
const BROWSER_PARTS = SHARED_PARTS.filter((part) => !ISOMORPHIC_PARTS.includes(part));

/** Import patterns that reach into another part of the repo, by package name or by path. */
function partImports(parts) {
  return parts.flatMap((part) => [`@topup/${part}`, `@topup/${part}/*`, `**/${part}/**`, `**/${part}`]);
}

/**
 * Browser code reaches @topup/shared only through its parts (`@topup/shared/store`, `…/api`, …): each is
 * one federation singleton, so the package itself, a deeper path or a file of shared/src would be a
 * second copy of the store, i18n or the API settings (decision 015).
 */
const SHARED_DEEP = [
  {
    regex: `^@topup/shared(?!/(?:${[...SHARED_PARTS, 'build'].join('|')})$)(?:/.*)?$`,
    message: `Import one part of @topup/shared (@topup/shared/{${SHARED_PARTS.join(',')}}): anything else is a second copy of the shared store, i18n and API settings.`,
  },
  {
    group: ['**/shared/src/**', '**/shared/src'],
    message: `Import one part of @topup/shared (@topup/shared/{${SHARED_PARTS.join(',')}}), never its files: they would be a second copy of the shared store.`,
  },
];

/**
 * Inside shared/src, one part reaches another only by its package name (`@topup/shared/store`, never
 * `../store/store`), so each part is one federation module at run time, and only a part listed before
 * it in SHARED_PARTS, so no two parts import each other. Relative imports stay within a part.
 */
const SHARED_SRC = fileURLToPath(new URL('./shared/src/', import.meta.url));

/** The part a file of shared/src belongs to (its folder, or its name for contracts.ts and sign.ts); null for none. */
function sharedPartOf(file) {
  const relative = path.relative(SHARED_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  const name = rest.length ? first : first.replace(/\.tsx?$/, '');
  return SHARED_PARTS.includes(name) ? name : null;
}

const sharedPartsRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      noPart: 'Every module of shared/src belongs to a part (a folder named in SHARED_PARTS, shared/build/shared-contract.ts).',
      relative: 'This reaches the "{{target}}" part by path: import @topup/shared/{{target}} instead, or the page gets a second copy of it.',
      self: 'A module of "{{target}}" imports its own part by name: import the module relatively (by name it would import itself).',
      later: '"{{from}}" may import only parts listed before it in SHARED_PARTS ({{allowed}}), not "{{target}}": two parts must never import each other.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = sharedPartOf(file);
    if (from === undefined) return {};
    const check = (node) => {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string' || from === null) return;
      if (spec.startsWith('.')) {
        const target = sharedPartOf(path.resolve(path.dirname(file), spec));
        if (target === undefined || target === from) return;
        if (target === null) context.report({ node: node.source, messageId: 'noPart' });
        else context.report({ node: node.source, messageId: 'relative', data: { target } });
        return;
      }
      const match = /^@topup\/shared\/([^/]+)$/.exec(spec);
      if (!match || !SHARED_PARTS.includes(match[1])) return;
      const target = match[1];
      if (target === from) context.report({ node: node.source, messageId: 'self', data: { target } });
      else if (SHARED_PARTS.indexOf(target) > SHARED_PARTS.indexOf(from)) {
        const allowed = SHARED_PARTS.slice(0, SHARED_PARTS.indexOf(from)).join(', ') || 'none';
        context.report({ node: node.source, messageId: 'later', data: { from, target, allowed } });
      }
    };
    return {
      Program(node) {
        if (from === null) context.report({ node, messageId: 'noPart' });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * The server's domain modules (docs/decisions/262-one-order-workflow.md): each folder's index.ts is its
 * public face, and code outside the folder imports that index only, never a file inside; a module's own
 * files import each other relatively. The Fastify plugins still kept in a module's folder (`*-routes.ts`,
 * orders/order-runtime.ts) are wired in by path until the HTTP layer takes them over.
 */
const DOMAIN_MODULES = ['orders', 'payments', 'fulfilment', 'discounts', 'purchases'];
const SERVER_SRC = fileURLToPath(new URL('./server/src/', import.meta.url));

/** The domain module a path of server/src lies in, and the rest of its path; null for none. */
function domainModuleOf(file) {
  const relative = path.relative(SERVER_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length && DOMAIN_MODULES.includes(first) ? { name: first, inner: rest.join('/').replace(/\.ts$/, '') } : null;
}

const moduleFacesRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      internal: 'This reaches inside the "{{target}}" module ({{inner}}): import its index (../{{target}}) instead; what other modules use is exported there.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = domainModuleOf(file);
    const check = (node) => {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = domainModuleOf(path.resolve(path.dirname(file), spec));
      if (!target || target.name === from?.name) return;
      if (target.inner === 'index' || /(^|\/)([a-z-]+-routes|order-runtime)$/.test(target.inner)) return;
      context.report({ node: node.source, messageId: 'internal', data: { target: target.name, inner: target.inner } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** Lint of the domain modules' faces: every file of server/src outside a module imports only its index. */
function domainModules() {
  return [
    {
      files: ['server/src/**/*.ts'],
      plugins: { server: { rules: { 'module-faces': moduleFacesRule } } },
      rules: { 'server/module-faces': 'error' },
    },
  ];
}

function zone(parts, message, extra = [], paths = []) {
  return ['error', { paths, patterns: [{ group: partImports(parts), message }, ...extra] }];
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'releases/**', 'data/**', 'docs/**', '**/*.cjs', 'shared/test-support/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['{host,remote-topup,remote-voucher,remote-pccenter,remote-ops,shared}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...REMOTES.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': zone(
        ['host', 'server', ...REMOTES.filter((r) => r !== remote)],
        'A remote may import only the parts of @topup/shared and npm packages: never the host, the server or another remote.',
        SHARED_DEEP,
        LIBRARY_PATHS,
      ),
    },
  })),
  {
    files: ['host/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': zone(
        ['server', ...REMOTES],
        'The host reaches remotes only through federation (loadRemote), never a static import.',
        SHARED_DEEP,
        LIBRARY_PATHS,
      ),
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': zone(['host', 'server', 'e2e', ...REMOTES], '@topup/shared depends on npm packages only.', [SHARED_DEEP[0]], LIBRARY_PATHS),
    },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    plugins: { topup: { rules: { 'shared-parts': sharedPartsRule } } },
    rules: { 'topup/shared-parts': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': zone(
        ['host', 'e2e', ...REMOTES],
        'The server never imports browser code.',
        [
          {
            group: BROWSER_PARTS.map((part) => `**/shared/src/${part}/**`),
            message: 'The server imports only the isomorphic parts of @topup/shared (sign, rules, contracts, types).',
          },
        ],
        ['', ...BROWSER_PARTS.map((part) => `/${part}`)].map((sub) => ({
          name: `@topup/shared${sub}`,
          message: `The server imports only @topup/shared/{${ISOMORPHIC_PARTS.join(',')}}: the others are browser code.`,
        })),
      ),
    },
  },
  ...serverLayers(),
  ...domainModules(),
  serverSettings(),
);

/**
 * The server's layers (docs/architecture.md, "Server"; decision 261):
 * - server/src/http is the edge, the only code that knows Fastify (`fastify`, `@fastify/*`): routes
 *   parse, call the domain and answer. main.ts starts the process through http/app.ts's buildApp and
 *   imports no Fastify itself; the CLIs, chaos/ and the sandbox's own logic import none either.
 * - the domain imports nothing of server/src/http, and only server/src/http imports the store API
 *   (http/api), since the domain takes plain inputs and throws typed errors for the edge to answer;
 *   main.ts reads the API's limit settings.
 * - production code never imports the sandbox, which http/app.ts (with http/sandbox, the sandbox's
 *   routes), main.ts and the CLIs wire in (and `npm run chaos`'s runner in server/src/chaos, a drill
 *   that pulls the sandbox's switches and reads its books).
 * A rule of its own (the typescript-eslint twin of no-restricted-imports), so that it adds to the
 * server's zone above; type imports count too.
 */
function serverLayers() {
  const rule = '@typescript-eslint/no-restricted-imports';
  const api = 'Only server/src/http imports the store API (server/src/http/api): the domain never imports the HTTP layer.';
  const sandbox = 'Only http/app.ts, http/sandbox, main.ts, cli/ and chaos/ import server/src/sandbox: production code knows only GameGateway and PaymentProvider.';
  const http = 'Only server/src/http knows Fastify: the domain takes plain inputs, throws typed errors, and the edge answers (decision 261).';
  const noFastify = { group: ['fastify', 'fastify/*', '@fastify/*'], message: http };
  const noSandbox = { group: partImports(['sandbox']), message: sandbox };
  const noApi = { group: partImports(['api']), message: api };
  // server/src/http by its path from a folder of server/src (game/http is the game gateway's own folder).
  const edge = 'The domain never imports server/src/http: the edge calls the domain, never the other way round (decision 261).';
  const noEdge = { regex: '^(\\.\\./)+http(/|$)', message: edge };
  const noEdgeFromTop = { regex: '^\\./http(/|$)', message: edge };
  const layer = (...patterns) => ['error', { patterns }];
  return [
    {
      files: ['server/src/**/*.ts'],
      ignores: ['server/src/http/**', 'server/src/sandbox/**', 'server/src/cli/**', 'server/src/chaos/**', 'server/src/main.ts'],
      rules: { [rule]: layer(noApi, noSandbox, noFastify, noEdge) },
    },
    { files: ['server/src/*.ts'], ignores: ['server/src/main.ts'], rules: { [rule]: layer(noApi, noSandbox, noFastify, noEdgeFromTop) } },
    { files: ['server/src/{sandbox,cli,chaos}/**/*.ts'], rules: { [rule]: layer(noApi, noFastify) } },
    { files: ['server/src/main.ts'], rules: { [rule]: layer(noFastify) } },
    { files: ['server/src/http/**/*.ts'], ignores: ['server/src/http/app.ts', 'server/src/http/sandbox/**'], rules: { [rule]: layer(noSandbox) } },
    { files: ['server/src/http/sandbox/**/*.ts'], rules: { [rule]: layer(noApi) } },
  ];
}

/**
 * The server's settings are read from the environment in one module only (decision 260): everywhere
 * else in server/src they arrive checked and typed, so `process.env` in any spelling is refused.
 */
function serverSettings() {
  const message = 'Read settings through the settings schema (server/src/settings): declare the setting there and pass its value down; only settings/environment.ts reads process.env.';
  const selectors = [
    "MemberExpression[object.name='process'][property.name='env']",
    "MemberExpression[object.name='process'][property.value='env']",
    "MemberExpression[object.property.name='process'][property.name='env']",
    "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
    "ImportDeclaration[source.value=/^(node:)?process$/]",
  ];
  return {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/settings/environment.ts'],
    rules: { 'no-restricted-syntax': ['error', ...selectors.map((selector) => ({ selector, message }))] },
  };
}
