/**
 * Writes mpg123-decoder's WebAssembly to workers/api/vendor/ as a .wasm file. The package ships it as a
 * compressed string it compiles at run time, which Workers forbid (no WebAssembly compilation from
 * bytes); a .wasm file imported by the Worker is compiled by wrangler at deploy time instead
 * (workers/api/src/distribution/audio-decode/mpg123-wasm.ts). Run after upgrading the package:
 * `node scripts/vendor-mpg123-wasm.ts`; a unit test fails while the file is stale.
 */
import { writeFile } from "node:fs/promises";
import { mpg123WasmBytes, VENDORED_MPG123_WASM } from "./mpg123-wasm-bytes.ts";

await writeFile(VENDORED_MPG123_WASM, await mpg123WasmBytes());
console.log(`wrote ${VENDORED_MPG123_WASM}`);
