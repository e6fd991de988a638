/**
 * Stripe's list object, `{object: "list", data, has_more, url}`, one shape for every list endpoint.
 * https://docs.stripe.com/api/pagination
 */
import type { SandboxCall } from "./sandbox-call";
import type { Range } from "./form";
import { type PageResult, type StoredObject, readPage } from "../store/store";

export interface ListObject<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

export const listObject = <T>(url: string, page: PageResult<T>): ListObject<T> => ({
  object: "list",
  data: page.data,
  has_more: page.hasMore,
  url,
});

/**
 * A list of one payment's objects (refunds, disputes): filtered by `charge`, `payment_intent` and a
 * `created` range when given, newest first.
 */
export async function listOfPayments<T extends StoredObject>(
  call: SandboxCall,
  object: string,
  url: string,
  allowed: readonly string[],
): Promise<ListObject<T>> {
  const p = call.params.allowOnly(allowed);
  const filters: Record<string, string | Range> = {};
  for (const field of ["charge", "payment_intent"]) {
    const value = p.string(field);
    if (value) filters[field] = value;
  }
  const created = p.range("created");
  if (created) filters.created = created;
  return listObject(url, await call.store.list<T>(object, filters, readPage(p)));
}
