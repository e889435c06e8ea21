/**
 * What a picture's first bytes say it is, and its size in pixels when its header says it cheaply.
 * Only raster pictures: an SVG is a document that can carry scripts, so the store never takes one.
 */

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The extension a picture of each type is named with. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) => expected.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type the picture's magic bytes name, or null when they name none of IMAGE_TYPES. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, ascii('GIF87a')) || startsWith(bytes, 0, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  return null;
}

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);

/** The width and height the header of a picture of `type` gives, or null when it does not give them. */
export function pixelSize(bytes: Uint8Array, type: ImageType): PixelSize | null {
  const size = readSize(bytes, type);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function readSize(b: Uint8Array, type: ImageType): PixelSize | null {
  switch (type) {
    case 'image/png':
      // The IHDR chunk comes first: its width and height, big-endian.
      return b.length >= 24 && startsWith(b, 12, ascii('IHDR')) ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
    case 'image/gif':
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
    case 'image/webp':
      return webpSize(b);
    case 'image/jpeg':
      return jpegSize(b);
  }
}

function webpSize(b: Uint8Array): PixelSize | null {
  if (b.length < 30) return null;
  if (startsWith(b, 12, ascii('VP8X'))) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (startsWith(b, 12, ascii('VP8L')) && b[20] === 0x2f) {
    const bits = u16le(b, 21) | (u16le(b, 23) << 16);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (startsWith(b, 12, ascii('VP8 ')) && startsWith(b, 23, [0x9d, 0x01, 0x2a])) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return null;
}

/** The first start-of-frame segment's size; the segments before it are skipped by their lengths. */
function jpegSize(b: Uint8Array): PixelSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + u16be(b, i + 2);
  }
  return null;
}
