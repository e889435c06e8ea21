import type { BuildFile } from './build-files';

/** A build's file on the wire (`POST /ops/releases`): its path and its bytes in base64. */
export interface UploadedFile {
  readonly path: string;
  readonly content: string;
}

/** What `POST /ops/releases` takes at most: a whole build, precompressed files included, in base64. */
export const RELEASE_UPLOAD_BYTES = 64 * 1024 * 1024;

export const uploadedFilesSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 5000,
  items: {
    type: 'object',
    required: ['path', 'content'],
    properties: { path: { type: 'string', minLength: 1, maxLength: 300 }, content: { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' } },
    additionalProperties: false,
  },
} as const;

export function uploadedFile(file: BuildFile): UploadedFile {
  return { path: file.path, content: file.content.toString('base64') };
}

export function buildFileOf(file: UploadedFile): BuildFile {
  return { path: file.path, content: Buffer.from(file.content, 'base64') };
}
