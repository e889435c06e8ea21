// The same store built as one app without Module Federation, to measure what federation costs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { createAppConfig, firstScreenScript, ScriptsAfterFirstImagePlugin } from '@topup/shared/build';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', '..');
const federatedRemotes = path.join(root, 'host', 'src', 'federation', 'remotes');

const base = createAppConfig({ app: 'host', dir: path.join(root, 'host'), devPort: 3100 });

// The host's chunks for @topup/shared follow its federation modules; the monolith splits as Rspack does.
const { splitChunks: _federatedChunks, ...optimization } = base.optimization ?? {};

const config: Configuration = {
  ...base,
  optimization,
  name: 'monolith',
  output: { ...base.output, path: process.env.MONOLITH_OUT || path.join(root, '.tmp', 'monolith'), publicPath: '/', uniqueName: 'monolith' },
  plugins: [
    // Its scripts asked for after the first screen's picture, as the store's (decision 020); first, so
    // that index.html is rewritten before the compressed copies are made.
    new ScriptsAfterFirstImagePlugin(),
    // No federation, and no early registry/manifest reads in the page: the monolith has neither. The
    // top-up page's first screen is painted from the HTML as in the federated build (decision 268).
    ...(base.plugins ?? []).filter((p) => !['ModuleFederationPlugin', 'HtmlRspackPlugin'].includes((p as { constructor?: { name?: string } } | null)?.constructor?.name ?? '')),
    new rspack.HtmlRspackPlugin({
      template: path.join(root, 'host', 'src', 'index.html'),
      chunks: ['main'],
      templateParameters: { earlyRegistryScript: '', firstScreenScript: firstScreenScript(path.join(root, 'host')) },
    }),
    new rspack.NormalModuleReplacementPlugin(/remotes$/, (resource: { context: string; request: string }) => {
      if (path.resolve(resource.context, resource.request) === federatedRemotes) {
        resource.request = path.join(here, 'static-remotes.ts');
      }
    }) as unknown as RspackPluginInstance,
  ],
};

export default config;
