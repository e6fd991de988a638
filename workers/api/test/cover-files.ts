/**
 * Cover images for tests, in memory: the headers the upload's cover rule reads (schema/src/cover-image.ts),
 * of any size and colour: a PNG's signature and IHDR chunk (its CRC right), a JPEG's SOI, a JFIF APP0
 * segment, a start-of-frame and its end. No pixels: nothing in a test decodes them.
 */

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const u32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

/** A PNG header `width` × `height` of PNG colour type `colourType` (2: RGB, 0: grey, 6: RGBA). */
export function coverPng(width = 1400, height = width, colourType = 2): Uint8Array<ArrayBuffer> {
  const body = [...new TextEncoder().encode("IHDR"), ...u32(width), ...u32(height), 8, colourType, 0, 0, 0];
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...u32(13), ...body, ...u32(crc32(new Uint8Array(body)))]);
}

/** A JPEG header `width` × `height` with `components` colour components (3: RGB as YCbCr, 1: grey, 4: CMYK). */
export function coverJpeg(width = 1400, height = width, components = 3): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, 0, 16, ...new TextEncoder().encode("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sofLength = 8 + 3 * components;
  const sof = [0xff, 0xc0, 0, sofLength, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, components];
  for (let c = 1; c <= components; c++) sof.push(c, 0x11, 0);
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}
