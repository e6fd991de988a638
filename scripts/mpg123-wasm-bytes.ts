/**
 * mpg123-decoder's WebAssembly as bytes, decoded from the compressed string the package ships with its
 * own inflater (scripts/vendor-mpg123-wasm.ts writes them; a unit test compares them with the vendored
 * file). Node only: the inflater compiles WebAssembly at run time.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const VENDORED_MPG123_WASM = path.join(root, "workers/api/vendor/mpg123-decoder.wasm");

interface DecoderCommon {
  new (): unknown;
  inflateDynEncodeString(source: string): Promise<Uint8Array>;
}

export async function mpg123WasmBytes(): Promise<Uint8Array> {
  const fromApi = createRequire(path.join(root, "workers/api/package.json"));
  // The package exports only its entry (index.js, beside src/).
  const packageDir = path.dirname(fromApi.resolve("mpg123-decoder"));
  const fromDecoder = createRequire(path.join(packageDir, "package.json"));
  const { default: EmscriptenWASM } = (await import(pathToFileURL(path.join(packageDir, "src/EmscriptenWasm.js")).href)) as {
    default: { new (common: DecoderCommon): unknown; wasm: string };
  };
  const { WASMAudioDecoderCommon } = (await import(pathToFileURL(fromDecoder.resolve("@wasm-audio-decoders/common")).href)) as {
    WASMAudioDecoderCommon: DecoderCommon;
  };
  // Each defines its static members (the helpers, the compressed string) when it is first constructed.
  new WASMAudioDecoderCommon();
  new EmscriptenWASM(WASMAudioDecoderCommon);
  return new Uint8Array(await WASMAudioDecoderCommon.inflateDynEncodeString(EmscriptenWASM.wasm));
}
