// The upload's listening check runs inside workerd: the vendored decoder's WebAssembly loads as the
// Worker gets it, and an encoded song read back from R2 is decoded and measured a piece at a time.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkMp3Audio } from "../audio-decode/check-mp3-audio";
import { mpg123Wasm } from "../audio-decode/mpg123-wasm";
import { toneMp3 } from "../../../test/mp3-files";

async function* body(object: R2ObjectBody): AsyncGenerator<Uint8Array> {
  const reader = object.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

describe("the listening check in the Worker", () => {
  it("decodes and measures a song streamed from R2", async () => {
    const key = `test/audio-check/${crypto.randomUUID()}.mp3`;
    await env.MEDIA.put(key, toneMp3(30));
    const check = await checkMp3Audio(body((await env.MEDIA.get(key))!), mpg123Wasm);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.samples / check.sampleRate).toBeGreaterThanOrEqual(30);
      expect(check.measurements.integratedLufs).toBeGreaterThan(-13);
      expect(check.measurements.integratedLufs).toBeLessThan(-10);
    }
    await env.MEDIA.delete(key);
  });
});
