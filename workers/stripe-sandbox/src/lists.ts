/**
 * Stripe's list object, `{object: "list", data, has_more, url}`, one shape for every list endpoint.
 * https://docs.stripe.com/api/pagination
 */
import type { PageResult } from "./store";

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
