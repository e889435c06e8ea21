// Lint rules that keep the ownership table of docs/architecture.md true.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

const REMOTES = ['remote-topup', 'remote-voucher', 'remote-pccenter'];

/** Shared libraries ship only the exports of the contract (SHARED_LIBRARY_EXPORTS): no others may be used. */
const contract = fs.readFileSync(new URL('./shared/src/contracts.ts', import.meta.url), 'utf8');
function contractExports(library) {
  const block = new RegExp(`'${library}': \\[([^\\]]*)\\]`).exec(contract);
  if (!block) throw new Error(`SHARED_LIBRARY_EXPORTS has no ${library}`);
  return [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}
const LIBRARY_PATHS = ['react-router-dom', 'react-i18next'].map((name) => ({
  name,
  allowImportNames: contractExports(name),
  message: `Only the exports listed in SHARED_LIBRARY_EXPORTS (shared/src/contracts.ts) are shipped; add it there first.`,
}));

/** Import patterns that reach into another part of the repo, by package name or by path. */
function partImports(parts) {
  return parts.flatMap((part) => [`@topup/${part}`, `@topup/${part}/*`, `**/${part}/**`, `**/${part}`]);
}

/** Browser code reaches @topup/shared only through its entry, so the federation singleton holds. */
const SHARED_DEEP = {
  group: ['@topup/shared/*', '**/shared/src/**', '!@topup/shared/build'],
  message: 'Import @topup/shared itself: deep imports would create a second copy of the shared store and i18n instance.',
};

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
    files: ['{host,remote-topup,remote-voucher,remote-pccenter,shared}/src/**/*.{ts,tsx}'],
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
        'A remote may import only @topup/shared and npm packages: never the host, the server or another remote.',
        [SHARED_DEEP],
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
        [SHARED_DEEP],
        LIBRARY_PATHS,
      ),
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': zone(['host', 'server', 'e2e', ...REMOTES], '@topup/shared depends on npm packages only.', [], LIBRARY_PATHS),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': zone(
        ['host', 'e2e', ...REMOTES],
        'The server never imports browser code.',
        [
          {
            group: ['**/shared/src/ui/**', '**/shared/src/store/**', '**/shared/src/i18n/**', '**/shared/src/api/**'],
            message: 'The server imports only the isomorphic parts of @topup/shared (sign, rules, contracts, types).',
          },
        ],
        [{ name: '@topup/shared', message: 'The server imports only @topup/shared/{sign,rules,contracts,types}: the entry is browser code.' }],
      ),
    },
  },
  ...serverLayers(),
);

/**
 * The server's layers (docs/architecture.md, "Server"): only api/ imports the store API, since the
 * domain takes plain inputs and throws DomainError for api/ to answer; and production code never
 * imports the sandbox, which app.ts, main.ts and the CLIs wire in. A rule of its own (the
 * typescript-eslint twin of no-restricted-imports), so that it adds to the server's zone above.
 */
function serverLayers() {
  const rule = '@typescript-eslint/no-restricted-imports';
  const api = 'Only server/src/api (and app.ts, main.ts, which wire it in) imports server/src/api: the domain never imports the HTTP layer.';
  const sandbox = 'Only app.ts, main.ts and cli/ import server/src/sandbox: production code knows only GameGateway and PaymentProvider.';
  return [
    {
      files: ['server/src/**/*.ts'],
      ignores: ['server/src/api/**', 'server/src/sandbox/**', 'server/src/cli/**', 'server/src/app.ts', 'server/src/main.ts'],
      rules: { [rule]: zone(['api'], api, [{ group: partImports(['sandbox']), message: sandbox }]) },
    },
    { files: ['server/src/api/**/*.ts'], rules: { [rule]: zone(['sandbox'], sandbox) } },
    { files: ['server/src/sandbox/**/*.ts', 'server/src/cli/**/*.ts'], rules: { [rule]: zone(['api'], api) } },
  ];
}
