// A saved audio file answers the player's ranges as the server would: 206 with Content-Range.
import { describe, expect, it } from "vitest";
import { answerFromSavedFile } from "./range-response";

const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);
const saved = () => new Response(bytes, { status: 200, headers: { "Content-Type": "audio/mpeg" } });
const body = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("answerFromSavedFile", () => {
  it("answers the player's first request (bytes=0-) as a 206 of the whole file", async () => {
    const response = await answerFromSavedFile(saved(), "bytes=0-");
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 0-999/1000");
    expect(response.headers.get("Content-Length")).toBe("1000");
    expect(response.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(await body(response)).toEqual(bytes);
  });

  it("slices a seek's range, an end past the file and a suffix", async () => {
    const middle = await answerFromSavedFile(saved(), "bytes=100-199");
    expect(middle.status).toBe(206);
    expect(middle.headers.get("Content-Range")).toBe("bytes 100-199/1000");
    expect(await body(middle)).toEqual(bytes.slice(100, 200));

    const pastEnd = await answerFromSavedFile(saved(), "bytes=900-5000");
    expect(pastEnd.headers.get("Content-Range")).toBe("bytes 900-999/1000");
    expect(await body(pastEnd)).toEqual(bytes.slice(900));

    const suffix = await answerFromSavedFile(saved(), "bytes=-10");
    expect(suffix.headers.get("Content-Range")).toBe("bytes 990-999/1000");
    expect(await body(suffix)).toEqual(bytes.slice(990));
  });

  it("answers 416 for a range that starts past the end", async () => {
    const response = await answerFromSavedFile(saved(), "bytes=1000-");
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe("bytes */1000");
  });

  it("answers the whole file as a 200 without a (usable) range", async () => {
    for (const header of [null, "bytes=0-10,20-30", "items=0-1"]) {
      const response = await answerFromSavedFile(saved(), header);
      expect(response.status, String(header)).toBe(200);
      expect(response.headers.get("Content-Length")).toBe("1000");
      expect(await body(response)).toEqual(bytes);
    }
  });
});
