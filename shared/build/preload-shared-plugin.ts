import fs from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';

interface ManifestShared {
  readonly assets?: {
    readonly js?: { readonly sync?: readonly string[] };
    readonly css?: { readonly sync?: readonly string[] };
  };
}

/** A chunk file's content without its chunk id, to spot two chunks holding the same modules. */
function body(file: string): string {
  return fs.readFileSync(file, 'utf8').replace(/^.*?\.push\(\[\[[^\]]*\],/, '');
}

/**
 * Everything the host runs before its first render is known at build time, but the browser would
 * only discover most of it after main.js has run: the shell's bootstrap chunk (named "bootstrap")
 * and the shared libraries (React, the router, i18n, the store…). This writes `<link rel="preload">`
 * for them into index.html, after main.js (fetched first, at high priority), so they download with
 * the page. It reads the federation manifest, so it runs after emit and before compression.
 */
export class PreloadSharedPlugin {
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
      // A library may be listed in two chunks with the same modules (one provided, one consumed);
      // the page runs the first of them, so a chunk whose content repeats an earlier one is left out.
      const seen = new Set<string>();
      const unique = (files: readonly string[]) =>
        files.filter((file) => {
          const content = body(path.join(out, file));
          if (seen.has(content)) return false;
          seen.add(content);
          return true;
        });
      const shared = manifest.shared ?? [];
      const scripts = unique([...new Set(shared.flatMap((s) => s.assets?.js?.sync ?? []))]);
      const styles = unique([...new Set(shared.flatMap((s) => s.assets?.css?.sync ?? []))]);
      const link = (file: string) => `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${publicPath}${file}">`;
      const ordered = [...bootstrap.filter((f) => f.endsWith('.js')), ...scripts, ...bootstrap.filter((f) => f.endsWith('.css')), ...styles];
      const links = [...new Set(ordered)].map(link).join('');
      const html = fs.readFileSync(htmlFile, 'utf8');
      if (html.includes('rel="preload" as="script"')) return;
      const main = /<script defer([^>]*src="[^"]*\/main\.[^"]*\.js"[^>]*)><\/script>/;
      if (!main.test(html)) throw new Error('PreloadSharedPlugin: no main.js script tag in index.html');
      fs.writeFileSync(htmlFile, html.replace(main, (_tag, attrs: string) => `<script defer fetchpriority="high"${attrs}></script>${links}`));
    });
  }
}
