/**
 * A byte stream (an R2 object's body) as the pieces it arrives in, for code that consumes an
 * `AsyncIterable` (the listening check, distribution/audio-decode/): nothing is read ahead, so only
 * the piece in hand is held. Stopping early (a `return` or a throw in the loop) cancels the stream.
 */
export async function* streamPieces(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
