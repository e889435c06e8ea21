import fs from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';

interface ManifestShared {
  readonly assets?: { readonly js?: { readonly sync?: readonly string[] } };
}

/**
 * The host's shared libraries (React, the router, i18n, the store…) are fetched only after main.js
 * has run. This writes `<link rel="preload">` for each into index.html, so they download with the
 * page. It reads the federation manifest, so it runs after emit and before compression.
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
      // A library may be listed in two chunks with the same modules (one provided, one consumed);
      // the page runs one of them, so a chunk whose modules repeat an earlier one is left out.
      const seen = new Set<string>();
      const files: string[] = [];
      for (const file of new Set((manifest.shared ?? []).flatMap((s) => s.assets?.js?.sync ?? []))) {
        const body = fs.readFileSync(path.join(out, file), 'utf8').replace(/^.*?\.push\(\[\[[^\]]*\],/, '');
        if (seen.has(body)) continue;
        seen.add(body);
        files.push(file);
      }
      const links = files.map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`).join('');
      const html = fs.readFileSync(htmlFile, 'utf8');
      if (html.includes('rel="preload" as="script"')) return;
      fs.writeFileSync(htmlFile, html.replace('<script defer', `${links}<script defer`));
    });
  }
}
