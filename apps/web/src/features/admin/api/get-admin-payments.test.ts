/** docs/product.md, Calls: admin data is fresh for 30 s and refetched every 60 s; nothing else polls. */
import { expect, test } from "vitest";
import { adminPaymentsQueryOptions } from "./get-admin-payments";

test("admin payments are fresh for 30 s and refetched every 60 s, under the admin key sign-out clears", () => {
  const options = adminPaymentsQueryOptions("");
  expect(options.staleTime).toBe(30_000);
  expect(options.refetchInterval).toBe(60_000);
  expect(options.queryKey.slice(0, 2)).toEqual(["admin", "data"]);
});
