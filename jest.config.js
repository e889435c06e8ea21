/** One jest run, two projects: Node (shared rules, server) and jsdom (React pages). */
const { REACT_AS_PREACT } = require('./shared/build/react-as-preact.cjs');

// Pages render under test with the renderer the browser gets: React's names answered by Preact
// (decision 270), resolved like any import so every module shares one Preact.
const reactAsPreact = Object.fromEntries(Object.entries(REACT_AS_PREACT).map(([request, target]) => [`^${request}$`, target]));
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  // Swiper ships ES modules as .mjs: they go through swc like our own code.
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // content-disposition (@fastify/static) and cookie (fastify's inject) ship ESM only; so does Preact
  // for jsdom's browser conditions.
  transformIgnorePatterns: ['/node_modules/(?!(swiper|ssr-window|dom7|content-disposition|cookie|preact)/)'],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/shared/test-support/style-mock.js',
    '\\.(svg|png|jpg|webp)$': '<rootDir>/shared/test-support/file-mock.js',
    ...reactAsPreact,
  },
};

module.exports = {
  // Files that start processes first on a run without jest's timing cache (shared/test-support/sequencer.js).
  testSequencer: '<rootDir>/shared/test-support/sequencer.js',
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{shared,server,scripts}/test/**/*.test.ts'],
      // One folder per run for the templates test files start from (a migrated database, a store's data).
      globalSetup: '<rootDir>/shared/test-support/run-folder-setup.ts',
      globalTeardown: '<rootDir>/shared/test-support/run-folder-teardown.ts',
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      // Rendering in jsdom on a busy 2-core machine: a page's test may take several seconds.
      testTimeout: 20_000,
      setupFiles: ['<rootDir>/shared/test-support/jsdom-polyfills.js', '<rootDir>/shared/test-support/game-rules-setup.ts'],
      setupFilesAfterEnv: ['<rootDir>/shared/test-support/jest-dom.js'],
      globalSetup: '<rootDir>/shared/test-support/run-folder-setup.ts',
      globalTeardown: '<rootDir>/shared/test-support/run-folder-teardown.ts',
      testMatch: ['<rootDir>/{shared,host,remote-topup,remote-voucher,remote-pccenter,remote-ops}/test/**/*.test.tsx'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/tests/**/*.e2e.ts'],
      // One store and one Chromium per worker, started once for the run (e2e/support/fixture.ts).
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/jest-setup.ts'],
    },
  ],
};
