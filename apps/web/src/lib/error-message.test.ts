/** People read the API's own message when there is one, and the screen's fallback otherwise. */
import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/api-client";
import { apiErrorMessage } from "./error-message";

describe("apiErrorMessage", () => {
  test("reads error.message from the JSON body", () => {
    const body = JSON.stringify({ error: { code: "rate_limited", message: "Too many attempts." } });
    expect(apiErrorMessage(new ApiError(429, `429: ${body}`), "fallback")).toBe("Too many attempts.");
  });

  test("reads a bare {error: string}", () => {
    expect(apiErrorMessage(new ApiError(400, `400: {"error":"Card not found"}`), "fallback")).toBe("Card not found");
  });

  test("falls back for non-JSON bodies, empty messages and other errors", () => {
    expect(apiErrorMessage(new ApiError(502, "502: <html>Bad gateway</html>"), "fallback")).toBe("fallback");
    expect(apiErrorMessage(new ApiError(500, `500: {"error":{"message":""}}`), "fallback")).toBe("fallback");
    expect(apiErrorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
  });
});
