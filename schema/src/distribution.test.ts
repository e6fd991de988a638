/** The payment calls' request id rule says its own limit: the message is one plain string for translation, so a test keeps the two together. */
import { expect, test } from "vitest";
import * as v from "valibot";
import { CompleteDistributionSchema, MAX_REQUEST_ID_LENGTH, firstIssue } from "./distribution";

test("a request id over the limit is refused with a message naming the limit", () => {
  const result = v.safeParse(CompleteDistributionSchema, { feeOption: "standard", requestId: "1".repeat(MAX_REQUEST_ID_LENGTH + 1) });
  expect(result.success).toBe(false);
  expect(firstIssue(result.issues ?? [])).toContain(`at most ${MAX_REQUEST_ID_LENGTH} characters`);
  expect(v.safeParse(CompleteDistributionSchema, { feeOption: "standard", requestId: "1".repeat(MAX_REQUEST_ID_LENGTH) }).success).toBe(true);
});
