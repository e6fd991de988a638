/**
 * Stands in for `@eshaz/web-worker` in the Worker's bundle (wrangler.toml `[alias]`, and the Worker
 * tests' `resolve.alias`). mpg123-decoder's shared code imports it for its Web Worker variant, which
 * JPlay never uses, and its browser build reads the `Worker` global as it loads: workerd has none, so
 * the import alone would fail. Constructing it says why.
 */
export default class NoWebWorker {
  constructor() {
    throw new Error("Web Workers do not exist in a Cloudflare Worker: use MPEGDecoder, not MPEGDecoderWebWorker");
  }
}
