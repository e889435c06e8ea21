import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { CONTRACT_VERSION, REMOTE_CONTRACTS, ROUTE_TABLE, type RemoteId } from '../src/contracts';
import { SHARED_LIBRARY_EXPORTS, SHARED_PACKAGE } from './shared-contract';
import { DESKTOP_MIN_WIDTH } from '../src/rules/constants';
import { resolveBuildVersion } from './build-version';
import { CHECKOUT_PARTS, HOST_PARTS, sharedSingletons } from './shared-deps';
import { PrecompressPlugin } from './precompress-plugin';
import { PreloadSharedPlugin } from './preload-shared-plugin';
import { REACT_AS_PREACT } from './react-as-preact.cjs';
import { firstScreenScript } from './first-screen-script';

export { firstScreenScript };
export { ScriptsAfterFirstImagePlugin } from './scripts-after-first-image';

export type AppName = 'host' | RemoteId;

export interface AppConfigOptions {
  /** Which app: the host or one of the remotes of the contract. */
  readonly app: AppName;
  /** The app's folder (where its package.json and src/ live). */
  readonly dir: string;
  /** Dev-server port for `npm run dev`. */
  readonly devPort: number;
}

const DEV_PORTS: Record<AppName, number> = {
  host: 3000,
  'remote-topup': 3001,
  'remote-voucher': 3002,
  'remote-pccenter': 3003,
  'remote-ops': 3004,
};

export function devPortOf(app: AppName): number {
  return DEV_PORTS[app];
}

/** The server the dev servers forward API calls to. */
const API_TARGET = process.env.TOPUP_API_URL || 'http://127.0.0.1:8080';

/**
 * A rehearsal build (`DRILL_FAULT=render`) exposes, under every page name, a page that throws on
 * render. Each name gets its own small module so the manifest still lists every expose.
 */
function faultyExpose(dir: string, name: string): string {
  const folder = path.join(os.tmpdir(), 'topup-drill-fault');
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.tsx`);
  const target = path.join(dir, '..', 'shared', 'build', 'faulty-page').split(path.sep).join('/');
  fs.writeFileSync(file, `export { default } from '${target}';\n`);
  return file;
}

function exposesOf(app: AppName, dir: string): Record<string, string> {
  if (app === 'host') return {};
  const faulty = process.env.DRILL_FAULT === 'render';
  const exposes: Record<string, string> = {};
  for (const name of Object.values(REMOTE_CONTRACTS[app].routes)) {
    exposes[`./${name}`] = faulty ? faultyExpose(dir, name) : path.join(dir, 'src', 'exposes', `${name}.tsx`);
  }
  return exposes;
}

/** The host's inline start-up script with the route table (route → remote and page) filled in (see host/src/early/). */
function earlyRegistryScript(dir: string): string {
  const routes = Object.fromEntries(ROUTE_TABLE.map((r) => [r.path, [r.remote, r.expose]]));
  return fs.readFileSync(path.join(dir, 'src', 'early', 'early-registry.inline.js'), 'utf8').replaceAll('__ROUTE_PAGES__', JSON.stringify(routes))
    .replaceAll('__DESKTOP_MIN_WIDTH__', String(DESKTOP_MIN_WIDTH));
}

/**
 * The federation runtime that the bundler injects asks for its packages with `require`, which picks their
 * CommonJS builds; their ES module builds are the same code with less wrapping.
 */
const MF_RUNTIME_AS_ESM = Object.fromEntries(
  ['runtime', 'runtime-core', 'sdk', 'webpack-bundler-runtime', 'error-codes'].map((name) => {
    const pkg = `@module-federation/${name}`;
    const root = path.join(path.dirname(createRequire(import.meta.url).resolve(pkg)), '..');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: { '.': { import: { default: string } } } };
    return [`${pkg}$`, path.join(root, manifest.exports['.'].import.default)];
  }),
);

/** The host's chunks for the code of @topup/shared (see `optimization` below). */
const SHARED_PACKAGE_CHUNKS = {
  topupSharedCheckout: {
    test: new RegExp(`[\\\\/]shared[\\\\/]src[\\\\/](?:${CHECKOUT_PARTS.join('|')})[\\\\/]`),
    name: 'topup-shared-checkout',
    chunks: 'async' as const,
    enforce: true,
    priority: 1,
  },
  // A `*.lazy.tsx` module is one a part loads on demand (the image viewer, the standalone root): it
  // keeps a chunk of its own instead of joining the preloaded one.
  topupShared: {
    test: /[\\/]shared[\\/](src|assets)[\\/](?!.*\.lazy\.tsx?$)/,
    name: 'topup-shared',
    chunks: 'async' as const,
    enforce: true,
  },
  topupSharedVendors: { test: /[\\/]node_modules[\\/]js-md5[\\/]/, name: 'topup-shared-vendors', chunks: 'async' as const, enforce: true },
};

/**
 * The browser signs with js-md5's lite build: the same MD5 of UTF-8 text, without the HMAC, base64
 * and legacy-browser code the store never calls (700 bytes less gzip on the first load). The server
 * keeps the package's default build; both sign the same test vectors (shared/test/sign.test.ts).
 */
const MD5_LITE = path.join(path.dirname(createRequire(import.meta.url).resolve('js-md5/package.json')), 'build', 'md5-lite.mjs');

/** One Rspack configuration for any app of the store: the host or a remote. */
export function createAppConfig(options: AppConfigOptions): Configuration {
  const { app, dir } = options;
  const isDev = process.env.NODE_ENV === 'development';
  const buildVersion = resolveBuildVersion(dir);
  const mfName = app === 'host' ? 'host' : REMOTE_CONTRACTS[app].mfName;
  const isHost = app === 'host';

  return {
    name: app,
    context: dir,
    mode: isDev ? 'development' : 'production',
    devtool: isDev ? 'cheap-module-source-map' : false,
    target: ['web', 'es2020'],
    entry: { main: './src/index.ts' },
    output: {
      // Releases build into a folder of their own (TOPUP_BUILD_OUT) so a working tree's dist/ is untouched.
      path: process.env.TOPUP_BUILD_OUT || path.join(dir, 'dist'),
      // Remotes are served under versioned URLs; "auto" makes chunks load next to remoteEntry.js.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: mfName,
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      assetModuleFilename: 'static/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // React and ReactDOM are Preact's compatible layer in every app (decision 270): exact requests only.
      alias: { 'js-md5$': MD5_LITE, ...MF_RUNTIME_AS_ESM, ...Object.fromEntries(Object.entries(REACT_AS_PREACT).map(([request, target]) => [`${request}$`, target])) },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev } },
            },
            env: { targets: 'chrome >= 87, safari >= 14, firefox >= 78' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/i, type: 'css/auto' },
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        __BUILD_VERSION__: JSON.stringify(buildVersion),
        __APP_NAME__: JSON.stringify(app),
      }),
      new ModuleFederationPlugin({
        name: mfName,
        filename: 'remoteEntry.js',
        exposes: exposesOf(app, dir),
        // Remote URLs are chosen at run time from /mf/registry.json, never baked in.
        remotes: {},
        shared: sharedSingletons(isHost ? 'host' : isDev ? 'standalone' : 'remote'),
        shareStrategy: 'loaded-first',
        // The release check reads the contract this build was made against from its manifest. The parts
        // of @topup/shared the host provides are listed like a library's exports: a production remote
        // carries no copy of them, so one needing a part the live host does not provide is refused.
        manifest: {
          additionalData: ({ stats }) => {
            (stats.metaData as unknown as Record<string, unknown>).topupContract = {
              version: CONTRACT_VERSION,
              sharedExports: { ...SHARED_LIBRARY_EXPORTS, [SHARED_PACKAGE]: HOST_PARTS },
            };
            return stats;
          },
        },
        dts: false,
        // The host ships the federation runtime once; production remotes use it instead of their own
        // copy. A remote run alone (its dev server) keeps its own runtime.
        experiments: { ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: !isDev }), optimization: { target: 'web' } },
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(dir, 'src', 'index.html'),
        chunks: ['main'],
        templateParameters: isHost ? { earlyRegistryScript: earlyRegistryScript(dir), firstScreenScript: firstScreenScript(dir) } : {},
        // The store's icon in the tab and on a phone's home screen (an app alone has none).
        ...(isHost ? { favicon: path.join(dir, 'src', 'favicon.svg') } : {}),
      }),
      ...(isHost && !isDev ? [new PreloadSharedPlugin(CHECKOUT_PARTS.map((part) => `${SHARED_PACKAGE}/${part}`))] : []),
      ...(isDev ? [] : [new PrecompressPlugin()]),
    ],
    optimization: {
      // The host provides every part of @topup/shared each page needs: their code in one file and
      // js-md5 in another, as when the package was one shared module (it is ~3 KB gzip less
      // than one file per part). Each part stays a federation module of its own (decision 015).
      ...(isHost ? { splitChunks: { cacheGroups: SHARED_PACKAGE_CHUNKS } } : {}),
      moduleIds: isDev ? 'named' : 'deterministic',
      chunkIds: isDev ? 'named' : 'deterministic',
    },
    performance: { hints: false },
    devServer: {
      port: options.devPort,
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/api', '/mf', '/sandbox', '/assets', '/webhooks', '/healthz', '/ops'],
          target: API_TARGET,
        },
      ],
    },
  };
}
