/**
 * A saved audio file answered as the player asks for it. `<audio>` sends `Range: bytes=0-` (and
 * later ranges when seeking); a saved whole file (a 200) must then be answered as a 206 with its
 * Content-Range, or playback fails offline. The rules are the Worker's own (schema/src/byte-range.ts).
 */
import { decideRange } from "@jplay/schema/byte-range";

export async function answerFromSavedFile(saved: Response, rangeHeader: string | null): Promise<Response> {
  const body = await saved.blob();
  const type = saved.headers.get("Content-Type") ?? body.type;
  const headers = new Headers({ "Accept-Ranges": "bytes" });
  if (type) headers.set("Content-Type", type);
  const decision = decideRange(rangeHeader, body.size);
  if (decision.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${body.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (decision.kind === "full") {
    headers.set("Content-Length", String(body.size));
    return new Response(body, { status: 200, headers });
  }
  const { offset, length } = decision.range;
  headers.set("Content-Range", `bytes ${offset}-${offset + length - 1}/${body.size}`);
  headers.set("Content-Length", String(length));
  return new Response(body.slice(offset, offset + length), { status: 206, headers });
}
