/**
 * The cover codecs' WebAssembly for the demo seed in Node, compiled from the files the Worker imports
 * (workers/api/src/distribution/cover-wasm.ts), so the seed makes the same cover sizes the pipeline does.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { CoverWasm } from "../../workers/api/src/distribution/make-cover-sizes.ts";

/** The Worker's package: the codecs are its dependencies. */
const requireFromWorker = createRequire(new URL("../../workers/api/package.json", import.meta.url));

const compile = async (file: string) => WebAssembly.compile(await readFile(requireFromWorker.resolve(file)));

export async function loadCoverWasm(): Promise<CoverWasm> {
  const [jpegDecode, pngDecode, resize, webpEncode] = await Promise.all([
    compile("@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm"),
    compile("@jsquash/png/codec/pkg/squoosh_png_bg.wasm"),
    compile("@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm"),
    compile("@jsquash/webp/codec/enc/webp_enc_simd.wasm"),
  ]);
  return { jpegDecode, pngDecode, resize, webpEncode };
}
