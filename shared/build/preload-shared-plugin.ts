import fs from 'node:fs';
import path from 'node:path';
import type { Compilation, Compiler } from '@rspack/core';
import { scriptsAfterFirstImage, type Hint } from './scripts-after-first-image';

interface ManifestShared {
  readonly name?: string;
  readonly assets?: {
    readonly js?: { readonly sync?: readonly string[] };
    readonly css?: { readonly sync?: readonly string[] };
  };
}

/**
 * The files of the chunks the host's share scope loads: those of its "provide shared module" blocks.
 * A library the host also consumes has a second chunk with the same modules (the consume fallback),
 * which the page never runs while the host provides it, so it is not preloaded.
 */
function providedFiles(compilation: Compilation): Set<string> {
  const { chunks = [] } = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
  const files = new Set<string>();
  for (const chunk of chunks) {
    const origins = chunk.origins ?? [];
    if (origins.some((origin) => /^provide shared module /.test(origin.moduleName ?? ''))) for (const file of chunk.files ?? []) files.add(file);
  }
  return files;
}

/**
 * Everything the host runs before its first render is known at build time, but the browser would
 * only discover most of it after main.js has run: the shell's bootstrap chunk (named "bootstrap")
 * and the shared libraries (React, the router, i18n, the store…). This has index.html ask for them
 * (`<link rel="preload">`) with main.js, so they download with the page. Hints and main.js are added by
 * a line of inline script rather than written as tags: the browser's preload scanner would otherwise
 * ask for all of them before the inline script that asks for the top-up page's banner, its largest
 * image, runs (host/src/early/first-screen.inline.js; decisions 268, 269), and that script waits for the
 * banner to be painted first (scripts-after-first-image.ts, decision 020). It reads the federation manifest, so it runs after emit and before compression.
 * `notPreloaded` names shared modules the host provides for later pages only (the checkout parts).
 */
export class PreloadSharedPlugin {
  constructor(private readonly notPreloaded: readonly string[] = []) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('PreloadSharedPlugin', (compilation) => {
      const out = compilation.outputOptions.path ?? compiler.outputPath;
      const manifestFile = path.join(out, 'mf-manifest.json');
      const htmlFile = path.join(out, 'index.html');
      if (!fs.existsSync(manifestFile) || !fs.existsSync(htmlFile)) return;
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { shared?: readonly ManifestShared[] };
      const publicPath = String(compilation.outputOptions.publicPath ?? '/');
      const bootstrap = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => /^bootstrap\.[^/]*\.(js|css)$/.test(name));
      const provided = providedFiles(compilation);
      const providedOnly = (files: readonly string[]) => files.filter((file) => provided.has(file));
      const shared = (manifest.shared ?? []).filter((entry) => !this.notPreloaded.includes(entry.name ?? ''));
      const scripts = providedOnly([...new Set(shared.flatMap((s) => s.assets?.js?.sync ?? []))]);
      const styles = providedOnly([...new Set(shared.flatMap((s) => s.assets?.css?.sync ?? []))]);
      if (shared.length && !scripts.length) throw new Error('PreloadSharedPlugin: no chunk of a provided shared module found in the stats');
      const ordered = [...bootstrap.filter((f) => f.endsWith('.js')), ...scripts, ...bootstrap.filter((f) => f.endsWith('.css')), ...styles];
      const hints = [...new Set(ordered)].map((file): Hint => [`${publicPath}${file}`, file.endsWith('.css') ? 'style' : 'script']);
      const html = fs.readFileSync(htmlFile, 'utf8');
      if (html.includes('window.topupFirstImage,')) return;
      if (!/<script defer[^>]*src="[^"]*\/main\.[^"]*\.js"/.test(html)) throw new Error('PreloadSharedPlugin: no main.js script tag in index.html');
      fs.writeFileSync(htmlFile, scriptsAfterFirstImage(html, hints));
    });
  }
}
