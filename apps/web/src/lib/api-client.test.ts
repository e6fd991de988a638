import * as v from "valibot";
import { afterEach, describe, expect, test, vi } from "vitest";
import { SongListSchema } from "@jplay/schema/song";
import { ApiError, api, apiRequest, hasErrorCode, UnexpectedAnswerError } from "./api-client";
import { formatTime, yearOf } from "./format";
import { networkStatus, SERVED_FROM_COPY_HEADER } from "./network-status";

afterEach(() => vi.unstubAllGlobals());

const Anything = v.unknown();
const song = {
  id: "a",
  title: "T",
  artist: "A",
  coverUrl: null,
  audioUrl: "/api/songs/a/audio",
  createdAt: "2026-01-01T00:00:00.000Z",
  price: 1.29,
  explicit: false,
};

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("api client (docs/product.md, Calls; Errors)", () => {
  test("GET sends cookies and parses JSON", async () => {
    const fetchMock = stubFetch(Response.json([song]));
    expect(await api.get("/api/songs/popular", SongListSchema)).toEqual([song]);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/songs/popular");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("GET");
  });

  test("a non-success answer throws `${status}: ${body}`", async () => {
    stubFetch(new Response('{"error":{"code":"not_found","message":"Song not found"}}', { status: 404 }));
    const error = await api.get("/api/songs/x", Anything).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as Error).message).toBe('404: {"error":{"code":"not_found","message":"Song not found"}}');
    expect((error as ApiError).code).toBe("not_found");
    expect(hasErrorCode(error, "not_found")).toBe(true);
    expect(hasErrorCode(error, "unknown_facility")).toBe(false);
  });

  test("an answer that is not the Worker's JSON has no code", async () => {
    stubFetch(new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const error = await api.get("/api/songs/x", Anything).catch((e: unknown) => e);
    expect((error as ApiError).code).toBeUndefined();
    expect((error as ApiError).body).toBeUndefined();
    expect(hasErrorCode(error, "internal")).toBe(false);
  });

  test("an empty error body falls back to the status text", async () => {
    stubFetch(new Response(null, { status: 401, statusText: "Unauthorized" }));
    await expect(api.get("/api/admin/payments", Anything)).rejects.toThrow(/^401: Unauthorized$/);
  });

  test("JSON payloads go as JSON, FormData as multipart", async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await api.post("/api/x", Anything, { a: 1 });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{"a":1}');
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");

    const form = new FormData();
    form.set("songTitle", "x");
    fetchMock.mockResolvedValueOnce(Response.json({ id: "1" }));
    await api.post("/api/distribute", Anything, form);
    expect(fetchMock.mock.calls[1]![1]?.body).toBe(form);
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });
});

describe("api client checks each answer against its schema (docs/architecture.md, Checked answers)", () => {
  test("an answer of the schema's shape is returned as the schema outputs it", async () => {
    stubFetch(Response.json([{ ...song, extra: "dropped" }]));
    expect(await api.get("/api/songs/popular", SongListSchema)).toEqual([song]);
  });

  test("an answer of another shape is refused with an error naming the call and where it differs", async () => {
    stubFetch(Response.json([song, { ...song, price: "1.29" }]));
    const error = await api.get("/api/songs/popular", SongListSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as UnexpectedAnswerError).path).toBe("/api/songs/popular");
    expect((error as Error).message).toMatch(/^Unexpected answer from GET \/api\/songs\/popular at 1\.price: .*number/);
  });

  test("a missing field, a null list and a body that is not JSON are refused too", async () => {
    const { price: _price, ...withoutPrice } = song;
    stubFetch(Response.json([withoutPrice]));
    await expect(api.get("/api/songs/recent", SongListSchema)).rejects.toThrow(/^Unexpected answer from GET \/api\/songs\/recent at 0\.price/);
    stubFetch(Response.json(null));
    await expect(api.get("/api/songs/recent", SongListSchema)).rejects.toThrow(UnexpectedAnswerError);
    stubFetch(new Response("<html>maintenance</html>", { status: 200 }));
    await expect(apiRequest("PUT", "/api/me/language", v.object({ language: v.string() }), { language: "es" })).rejects.toThrow(
      /^Unexpected answer from PUT \/api\/me\/language: /,
    );
  });
});

describe("api client and the network detector", () => {
  /** The browser's detector, as a page has it (the browser says it is online throughout). */
  function browserDetector() {
    vi.stubGlobal("window", { addEventListener: () => undefined });
    vi.stubGlobal("navigator", { onLine: true });
    return networkStatus();
  }

  test("a request that fails at the network level means offline; one that gets through clears it", async () => {
    const status = browserDetector();
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(api.get("/api/songs/popular", SongListSchema)).rejects.toThrow(TypeError);
    expect(status.isOnline()).toBe(false);

    stubFetch(Response.json([]));
    await api.get("/api/songs/popular", SongListSchema);
    expect(status.isOnline()).toBe(true);
  });

  test("the service worker's copy, answered because the network failed, is not the server answering", async () => {
    const status = browserDetector();
    stubFetch(Response.json([], { headers: { [SERVED_FROM_COPY_HEADER]: "network-failed" } }));
    expect(await api.get("/api/songs/popular", SongListSchema)).toEqual([]);
    expect(status.isOnline()).toBe(false);

    // An error answer is still the server answering.
    stubFetch(new Response(null, { status: 503 }));
    await expect(api.get("/api/songs/popular", SongListSchema)).rejects.toThrow(/^503/);
    expect(status.isOnline()).toBe(true);
  });

  test("a request the page cancelled says nothing about the network", async () => {
    const status = browserDetector();
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(() => Promise.reject(new DOMException("The operation was aborted.", "AbortError"))),
    );
    await expect(api.get("/api/songs/popular", SongListSchema)).rejects.toThrow(/aborted/);
    expect(status.isOnline()).toBe(true);
  });
});

describe("formatting", () => {
  test("m:ss times", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(42.9)).toBe("0:42");
    expect(formatTime(151)).toBe("2:31");
    expect(formatTime(3725)).toBe("1:02:05");
    expect(formatTime(Number.NaN)).toBe("-:--");
  });

  test("year from createdAt", () => {
    expect(yearOf("2021-06-01T12:00:00.000Z")).toBe(2021);
    expect(yearOf("not a date")).toBeNull();
  });
});
