/**
 * The cover codecs' WebAssembly for the Worker (distribution/make-cover-sizes.ts). Workers may not compile
 * WebAssembly at run time: wrangler's bundler (and the test pool) hands each imported .wasm file over
 * as a compiled module (`?module`, because two of the files ship typings that would hide that). They
 * add about 0.8 MB to the Worker's upload (docs/decisions/033-cover-sizes.md).
 */
import jpegDecode from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import pngDecode from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import resize from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import webpEncode from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import type { CoverWasm } from "./make-cover-sizes";

export const coverWasm: CoverWasm = { jpegDecode, pngDecode, resize, webpEncode };
