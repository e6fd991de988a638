/** docs/product.md, Calls: admin data is fresh for 30 s and refetched every 60 s; nothing else polls. */
import { expect, test } from "vitest";
import { ADMIN_FRESHNESS, queryClient } from "@/lib/query";
import { adminKeys } from "./admin-keys";

test("admin payments are fresh for 30 s and refetched every 60 s, under the admin key sign-out clears", () => {
  expect(ADMIN_FRESHNESS.staleTime).toBe(30_000);
  expect(ADMIN_FRESHNESS.refetchInterval).toBe(60_000);
  queryClient.setQueryData(adminKeys.payments("ann"), { pages: [] });
  queryClient.setQueryData(adminKeys.session(), { signedIn: true });
  queryClient.removeQueries({ queryKey: adminKeys.data() });
  expect(queryClient.getQueryData(adminKeys.payments("ann"))).toBeUndefined();
  // The session is not behind the sign-in: it stays, to be read again.
  expect(queryClient.getQueryData(adminKeys.session())).toEqual({ signedIn: true });
});

test("the payments group reaches every search and nothing else", () => {
  queryClient.setQueryData(adminKeys.payments("ann"), { pages: [] });
  queryClient.setQueryData(adminKeys.payments(""), { pages: [] });
  queryClient.setQueryData(adminKeys.paymentMismatches(), { mismatches: [] });
  const reached = queryClient.getQueriesData({ queryKey: adminKeys.payments() }).map(([key]) => key);
  expect(reached).toEqual(expect.arrayContaining([adminKeys.payments("ann"), adminKeys.payments("")]));
  expect(reached).toHaveLength(2);
});
