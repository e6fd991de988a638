/**
 * A small HTTP client for measured requests: time to first byte (response headers received) and to
 * the last byte, over one keep-alive connection, with the body kept for checking.
 */
import http from "node:http";

export interface ProbeResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ttfbMs: number;
  totalMs: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function probe(url: string, headers: Record<string, string> = {}): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent, headers }, (response) => {
      const ttfbMs = Number(process.hrtime.bigint() - started) / 1e6;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ttfbMs,
          totalMs: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
