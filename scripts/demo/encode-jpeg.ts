/**
 * A small baseline JPEG encoder (4:2:0 chroma, the standard quantisation and Huffman tables of ITU T.81
 * Annex K) so demo covers can ship as JPEG without an image library. Covers are gradients and flat
 * shapes: as JPEG they weigh a fraction of the PNG, which is what keeps the home page in its budget.
 * Deterministic: the same pixels and quality always give the same bytes.
 */

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22,
  15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103,
  77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

const DC_LUMA_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CHROMA_BITS = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_LUMA_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
// prettier-ignore
const AC_LUMA_VALUES = [
  0x01,0x02,0x03,0x00,0x04,0x11,0x05,0x12,0x21,0x31,0x41,0x06,0x13,0x51,0x61,0x07,0x22,0x71,0x14,0x32,0x81,0x91,0xa1,0x08,
  0x23,0x42,0xb1,0xc1,0x15,0x52,0xd1,0xf0,0x24,0x33,0x62,0x72,0x82,0x09,0x0a,0x16,0x17,0x18,0x19,0x1a,0x25,0x26,0x27,0x28,
  0x29,0x2a,0x34,0x35,0x36,0x37,0x38,0x39,0x3a,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x53,0x54,0x55,0x56,0x57,0x58,0x59,
  0x5a,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x83,0x84,0x85,0x86,0x87,0x88,0x89,
  0x8a,0x92,0x93,0x94,0x95,0x96,0x97,0x98,0x99,0x9a,0xa2,0xa3,0xa4,0xa5,0xa6,0xa7,0xa8,0xa9,0xaa,0xb2,0xb3,0xb4,0xb5,0xb6,
  0xb7,0xb8,0xb9,0xba,0xc2,0xc3,0xc4,0xc5,0xc6,0xc7,0xc8,0xc9,0xca,0xd2,0xd3,0xd4,0xd5,0xd6,0xd7,0xd8,0xd9,0xda,0xe1,0xe2,
  0xe3,0xe4,0xe5,0xe6,0xe7,0xe8,0xe9,0xea,0xf1,0xf2,0xf3,0xf4,0xf5,0xf6,0xf7,0xf8,0xf9,0xfa,
];
const AC_CHROMA_BITS = [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77];
// prettier-ignore
const AC_CHROMA_VALUES = [
  0x00,0x01,0x02,0x03,0x11,0x04,0x05,0x21,0x31,0x06,0x12,0x41,0x51,0x07,0x61,0x71,0x13,0x22,0x32,0x81,0x08,0x14,0x42,0x91,
  0xa1,0xb1,0xc1,0x09,0x23,0x33,0x52,0xf0,0x15,0x62,0x72,0xd1,0x0a,0x16,0x24,0x34,0xe1,0x25,0xf1,0x17,0x18,0x19,0x1a,0x26,
  0x27,0x28,0x29,0x2a,0x35,0x36,0x37,0x38,0x39,0x3a,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x53,0x54,0x55,0x56,0x57,0x58,
  0x59,0x5a,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x82,0x83,0x84,0x85,0x86,0x87,
  0x88,0x89,0x8a,0x92,0x93,0x94,0x95,0x96,0x97,0x98,0x99,0x9a,0xa2,0xa3,0xa4,0xa5,0xa6,0xa7,0xa8,0xa9,0xaa,0xb2,0xb3,0xb4,
  0xb5,0xb6,0xb7,0xb8,0xb9,0xba,0xc2,0xc3,0xc4,0xc5,0xc6,0xc7,0xc8,0xc9,0xca,0xd2,0xd3,0xd4,0xd5,0xd6,0xd7,0xd8,0xd9,0xda,
  0xe2,0xe3,0xe4,0xe5,0xe6,0xe7,0xe8,0xe9,0xea,0xf2,0xf3,0xf4,0xf5,0xf6,0xf7,0xf8,0xf9,0xfa,
];

interface HuffmanTable {
  code: Uint16Array;
  length: Uint8Array;
}

/** Canonical Huffman codes (T.81 Annex C) from the count of codes per length and the symbols. */
function huffmanTable(bits: number[], values: number[]): HuffmanTable {
  const code = new Uint16Array(256);
  const length = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < bits[len - 1]!; i++) {
      code[values[k]!] = next++;
      length[values[k]!] = len;
      k++;
    }
    next <<= 1;
  }
  if (k !== values.length) throw new Error("Huffman table: bit counts do not match the symbols");
  return { code, length };
}

const DC_LUMA = huffmanTable(DC_LUMA_BITS, DC_VALUES);
const DC_CHROMA = huffmanTable(DC_CHROMA_BITS, DC_VALUES);
const AC_LUMA = huffmanTable(AC_LUMA_BITS, AC_LUMA_VALUES);
const AC_CHROMA = huffmanTable(AC_CHROMA_BITS, AC_CHROMA_VALUES);

/** cos((2x+1)uπ/16) · C(u)/2, the separable DCT-II basis. */
const DCT_BASIS = (() => {
  const basis = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    for (let x = 0; x < 8; x++) basis[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return basis;
})();

function scaledQuant(base: number[], quality: number): number[] {
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return base.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
}

class BitWriter {
  private bytes: number[] = [];
  private buffer = 0;
  private count = 0;
  write(code: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.buffer = (this.buffer << 1) | ((code >> i) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }
  private flushByte() {
    this.bytes.push(this.buffer);
    if (this.buffer === 0xff) this.bytes.push(0); // byte stuffing
    this.buffer = 0;
    this.count = 0;
  }
  finish(): number[] {
    while (this.count !== 0) this.write(1, 1); // pad the last byte with 1-bits
    return this.bytes;
  }
}

/** Bit count of a coefficient's magnitude category and its value bits (T.81 F.1.2.1). */
function category(value: number): [number, number] {
  const magnitude = Math.abs(value);
  let size = 0;
  while (magnitude >> size) size++;
  return [size, value < 0 ? value + (1 << size) - 1 : value];
}

/** Encodes 8-bit RGB pixels (row-major, 3 bytes per pixel) as a baseline JPEG at `quality` (1–100). */
export function encodeJpeg(width: number, height: number, rgb: Uint8Array, quality = 80): Uint8Array {
  const quant = [scaledQuant(LUMA_QUANT, quality), scaledQuant(CHROMA_QUANT, quality)];
  const planes = [new Float64Array(width * height), new Float64Array(width * height), new Float64Array(width * height)] as const;
  for (let i = 0; i < width * height; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    planes[0][i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
    planes[1][i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
    planes[2][i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
  }

  // 4:2:0: chroma planes at half resolution (each sample the mean of a 2x2 square).
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  const half = (plane: Float64Array) => {
    const out = new Float64Array(cw * ch);
    for (let y = 0; y < ch; y++) {
      for (let x = 0; x < cw; x++) {
        const x0 = 2 * x;
        const y0 = 2 * y;
        const x1 = Math.min(x0 + 1, width - 1);
        const y1 = Math.min(y0 + 1, height - 1);
        out[y * cw + x] = (plane[y0 * width + x0]! + plane[y0 * width + x1]! + plane[y1 * width + x0]! + plane[y1 * width + x1]!) / 4;
      }
    }
    return out;
  };
  const chroma = [half(planes[1]), half(planes[2])];

  const out = new BitWriter();
  const previousDc = [0, 0, 0];
  const block = new Float64Array(64);
  const rows = new Float64Array(64);
  const coefficients = new Int32Array(64);
  const encodeBlock = (c: number, plane: Float64Array, pw: number, ph: number, bx: number, by: number) => {
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        // Edge blocks repeat the last row/column.
        block[y * 8 + x] = plane[Math.min(by + y, ph - 1) * pw + Math.min(bx + x, pw - 1)]!;
      }
    }
    for (let y = 0; y < 8; y++) {
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let x = 0; x < 8; x++) sum += DCT_BASIS[u * 8 + x]! * block[y * 8 + x]!;
        rows[y * 8 + u] = sum;
      }
    }
    const table = quant[c === 0 ? 0 : 1]!;
    for (let v = 0; v < 8; v++) {
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let y = 0; y < 8; y++) sum += DCT_BASIS[v * 8 + y]! * rows[y * 8 + u]!;
        coefficients[v * 8 + u] = Math.round(sum / table[v * 8 + u]!);
      }
    }

    const dc = c === 0 ? DC_LUMA : DC_CHROMA;
    const ac = c === 0 ? AC_LUMA : AC_CHROMA;
    const [dcSize, dcBits] = category(coefficients[0]! - previousDc[c]!);
    previousDc[c] = coefficients[0]!;
    out.write(dc.code[dcSize]!, dc.length[dcSize]!);
    if (dcSize) out.write(dcBits, dcSize);
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const value = coefficients[ZIGZAG[k]!]!;
      if (value === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        out.write(ac.code[0xf0]!, ac.length[0xf0]!);
        run -= 16;
      }
      const [size, bits] = category(value);
      const symbol = (run << 4) | size;
      out.write(ac.code[symbol]!, ac.length[symbol]!);
      out.write(bits, size);
      run = 0;
    }
    if (run > 0) out.write(ac.code[0]!, ac.length[0]!);
  };
  // Interleaved MCUs of 16x16 pixels: four luma blocks, then one Cb and one Cr block.
  for (let my = 0; my < height; my += 16) {
    for (let mx = 0; mx < width; mx += 16) {
      for (const [dx, dy] of [
        [0, 0],
        [8, 0],
        [0, 8],
        [8, 8],
      ] as const)
        encodeBlock(0, planes[0], width, height, mx + dx, my + dy);
      encodeBlock(1, chroma[0]!, cw, ch, mx / 2, my / 2);
      encodeBlock(2, chroma[1]!, cw, ch, mx / 2, my / 2);
    }
  }
  const scan = out.finish();

  const bytes: number[] = [0xff, 0xd8];
  const segment = (marker: number, body: number[]) => bytes.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]); // JFIF 1.1, square pixels
  segment(0xdb, [0, ...ZIGZAG.map((i) => quant[0]![i]!), 1, ...ZIGZAG.map((i) => quant[1]![i]!)]);
  segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  segment(0xc4, [
    0x00,
    ...DC_LUMA_BITS,
    ...DC_VALUES,
    0x10,
    ...AC_LUMA_BITS,
    ...AC_LUMA_VALUES,
    0x01,
    ...DC_CHROMA_BITS,
    ...DC_VALUES,
    0x11,
    ...AC_CHROMA_BITS,
    ...AC_CHROMA_VALUES,
  ]);
  segment(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  for (const b of scan) bytes.push(b);
  bytes.push(0xff, 0xd9);
  return Uint8Array.from(bytes);
}
