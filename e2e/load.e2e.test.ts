/**
 * A bounded loopback load (docs/decisions/013) on the calls every tablet makes: the catalogue (popular list,
 * featured song, one song) and the audio (64 KiB ranges, the way a player streams, and the whole
 * file). autocannon drives the throw-away `wrangler dev` of the browser tests for 3 s a run: hundreds
 * of requests over 8 connections each time, enough to show every one answered. Every answer must be a
 * 2xx (200, or 206 for ranges) with no socket error or timeout; the rates are printed, not asserted (the
 * machine is shared, so time is not a test). The serving figures are measured by bench/media-serving.ts.
 */
import autocannon from "autocannon";
import { beforeAll, describe, expect, test } from "vitest";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();
/** Seconds per run: long enough for hundreds of requests, short enough not to hold a busy run up. */
const SECONDS = 3;
const CONNECTIONS = 8;

let songId: string;

beforeAll(async () => {
  const popular = await (await fetch(`${baseURL}/api/songs/popular`)).json<Array<{ id: string }>>();
  expect(popular.length, "the demo catalogue").toBeGreaterThan(0);
  songId = popular[0]!.id;
});

async function load(name: string, requests: Array<{ path: string; headers?: Record<string, string> }>) {
  const result = await autocannon({ url: baseURL, connections: CONNECTIONS, duration: SECONDS, timeout: 10, requests });
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  console.log(
    `load ${name}: ${result.requests.total} requests in ${result.duration} s, ${result.requests.average.toFixed(0)} req/s, ` +
      `latency p50 ${result.latency.p50} ms p99 ${result.latency.p99} ms, ${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s, ` +
      `${CONNECTIONS} connections; status ${codes}; errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  expect(result.requests.total, name).toBeGreaterThan(0);
  expect(result.errors, `${name}: socket errors`).toBe(0);
  expect(result.timeouts, `${name}: timeouts`).toBe(0);
  expect(result.non2xx, `${name}: answers other than 2xx (${codes})`).toBe(0);
  return result;
}

describe("loopback load", () => {
  test("the catalogue calls answer every request", { timeout: 30_000 }, async () => {
    await load("catalogue", [{ path: "/api/songs/popular" }, { path: "/api/songs/featured" }, { path: `/api/songs/${songId}` }]);
  });

  test("audio in 64 KiB ranges answers 206 every time", { timeout: 30_000 }, async () => {
    const result = await load("audio ranges", [
      { path: `/api/songs/${songId}/audio`, headers: { Range: "bytes=0-65535" } },
      { path: `/api/songs/${songId}/audio`, headers: { Range: "bytes=65536-131071" } },
    ]);
    expect(Object.keys(result.statusCodeStats ?? {})).toEqual(["206"]);
  });

  test("whole-file audio answers 200 every time", { timeout: 30_000 }, async () => {
    const result = await load("audio whole file", [{ path: `/api/songs/${songId}/audio` }]);
    expect(Object.keys(result.statusCodeStats ?? {})).toEqual(["200"]);
  });
});
