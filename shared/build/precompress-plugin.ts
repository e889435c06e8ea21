import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Compiler } from '@rspack/core';

const COMPRESSIBLE = /\.(?:js|css|html|json|svg)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` next to every text asset after emit, so the server sends compressed bytes
 * without compressing on each request (and a release folder carries them with it).
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      for (const name of Object.keys(compilation.assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(outputPath, name);
        if (!fs.existsSync(file)) continue;
        const source = fs.readFileSync(file);
        if (source.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    });
  }
}
