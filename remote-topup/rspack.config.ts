import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@topup/shared/build';
import type { Chunk } from '@rspack/core';

const config = createAppConfig({ app: 'remote-topup', dir: path.dirname(fileURLToPath(import.meta.url)), devPort: 3001 });

/**
 * /game and /prod reuse most of `/`'s code. Split into chunks shared with them, `/` would load three
 * files instead of one and ~1.7 KB more (gzip) on its first load; so these two pages carry their own
 * copies of what they reuse, and `/` stays one chunk as before (the bundle budget of `#/`).
 */
const SELF_CONTAINED = new Set(['__federation_expose_GamePage', '__federation_expose_ProductPage']);

export default {
  ...config,
  optimization: { ...config.optimization, splitChunks: { chunks: (chunk: Chunk) => !SELF_CONTAINED.has(chunk.name ?? '') } },
};
