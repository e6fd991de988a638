/**
 * The MP3 decoder's WebAssembly for the Worker, compiled by wrangler's bundler (and the test pool) from
 * the vendored file: Workers may not compile WebAssembly at run time, which is how mpg123-decoder
 * loads it by itself (scripts/vendor-mpg123-wasm.ts writes the file from the installed package).
 */
import mpg123 from "../../../vendor/mpg123-decoder.wasm?module";

export const mpg123Wasm: WebAssembly.Module = mpg123;
