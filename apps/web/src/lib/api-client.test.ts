import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiError, api, hasErrorCode } from "./api-client";
import { formatTime, yearOf } from "./format";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("api client (docs/product.md, Calls; Errors)", () => {
  test("GET sends cookies and parses JSON", async () => {
    const fetchMock = stubFetch(Response.json([{ id: "a" }]));
    expect(await api.get("/api/songs/popular")).toEqual([{ id: "a" }]);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/songs/popular");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("GET");
  });

  test("a non-success answer throws `${status}: ${body}`", async () => {
    stubFetch(new Response('{"error":{"code":"not_found","message":"Song not found"}}', { status: 404 }));
    const error = await api.get("/api/songs/x").catch((e: unknown) => e);
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
    const error = await api.get("/api/songs/x").catch((e: unknown) => e);
    expect((error as ApiError).code).toBeUndefined();
    expect((error as ApiError).body).toBeUndefined();
    expect(hasErrorCode(error, "internal")).toBe(false);
  });

  test("an empty error body falls back to the status text", async () => {
    stubFetch(new Response(null, { status: 401, statusText: "Unauthorized" }));
    await expect(api.get("/api/admin/payments")).rejects.toThrow(/^401: Unauthorized$/);
  });

  test("JSON payloads go as JSON, FormData as multipart", async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await api.post("/api/x", { a: 1 });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{"a":1}');
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");

    const form = new FormData();
    form.set("songTitle", "x");
    fetchMock.mockResolvedValueOnce(Response.json({ id: "1" }));
    await api.post("/api/distribute", form);
    expect(fetchMock.mock.calls[1]![1]?.body).toBe(form);
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
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
