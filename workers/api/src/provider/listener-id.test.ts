/**
 * The listener id rule (listenerIdProblem): what providers use as opaque ids passes — random UUIDs and
 * random base64url tokens of 128 bits or more, drawn by the thousand from the platform's random source,
 * as a provider makes them — and what identifies a person does not.
 */
import { describe, expect, it } from "vitest";
import { listenerIdProblem } from "@jplay/schema/purchases";

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

describe("listener ids", () => {
  it("accepts random UUIDs and random base64url tokens of 16–48 bytes", () => {
    const refused: string[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const uuid = crypto.randomUUID();
      const token = base64url(crypto.getRandomValues(new Uint8Array(16 + (i % 33))));
      for (const id of [uuid, token]) if (listenerIdProblem(id) !== null) refused.push(id);
    }
    expect(refused).toEqual([]);
    expect(listenerIdProblem("12345678-1234-4123-8123-123456789012")).toBeNull();
  });

  it.each([
    "12345678901234567",
    "12345678901234567890123456",
    "123-456-789-012-345",
    "John Smith",
    "john.smith@example.com",
    "JohnMichaelSmithJr",
    "JOHN_MICHAEL_SMITH",
    "smithjohnmichaelx",
    "DOC-123456",
    "ab12ab12ab12ab12",
  ])("refuses %s", (id) => {
    expect(listenerIdProblem(id)).not.toBeNull();
  });
});
