/** docs/product.md, Calls: admin data is fresh for 30 s and refetched every 60 s; nothing else polls. */
import { expect, test } from "vitest";
import { forgetReads, readData, setRead } from "@/lib/read-cache";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

test("admin payments are fresh for 30 s and refetched every 60 s, under the admin key sign-out clears", () => {
  expect(ADMIN_DATA_FRESHNESS.freshMs).toBe(30_000);
  expect(ADMIN_DATA_FRESHNESS.everyMs).toBe(60_000);
  expect(adminKeys.payments("").startsWith(adminKeys.data())).toBe(true);
  setRead(adminKeys.payments("ann"), { pages: [] });
  forgetReads(adminKeys.data());
  expect(readData(adminKeys.payments("ann"))).toBeUndefined();
});

test("the payments group reaches every search and nothing else", () => {
  expect(adminKeys.payments("ann").startsWith(adminKeys.payments())).toBe(true);
  expect(adminKeys.paymentMismatches().startsWith(adminKeys.payments())).toBe(false);
});
