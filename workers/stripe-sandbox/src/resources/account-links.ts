/**
 * /v1/account_links: an onboarding URL for a connected account. The URL opens the sandbox's hosted
 * onboarding page (connect-onboarding.ts); `return_url` is where it sends the browser when done,
 * `refresh_url` where an expired or used link goes. https://docs.stripe.com/api/account_links/create
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import { parameterInvalid, parameterMissing } from "../http/errors";
import type { Params } from "../http/form";
import { ACCOUNT_LINK_TYPES, newOnboardingLink, onboardingPath } from "../connect/onboarding-links";
import { loadAccount } from "./accounts";

function urlParam(params: Params, key: string): string {
  const value = params.requiredString(key);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw parameterInvalid(key, "Not a valid URL", "url_invalid");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw parameterInvalid(key, "Not a valid URL", "url_invalid");
  return url.toString();
}

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const CREATE_PARAMS = [
  "account",
  "type",
  "refresh_url",
  "return_url",
  "collect",
  "collection_options",
  "expand",
] as const satisfies readonly (keyof Stripe.AccountLinkCreateParams)[];

export const accountLinkRoutes = new Hono<AppEnv>().post(
  "/v1/account_links",
  endpoint("secret", async (call) => {
    const p = call.params.allowOnly(CREATE_PARAMS);
    const type = p.oneOf("type", ACCOUNT_LINK_TYPES);
    if (!type) throw parameterMissing("type");
    p.oneOf("collect", ["currently_due", "eventually_due"] as const);
    const account = await loadAccount(call, p.requiredString("account"), "account");
    const link = newOnboardingLink({ account: account.id, type, return_url: urlParam(p, "return_url"), refresh_url: urlParam(p, "refresh_url") }, call.now);
    call.store.put(link);
    const answer: Stripe.AccountLink = { object: "account_link", created: link.created, expires_at: link.expires_at, url: onboardingPath(link.id) };
    return answer;
  }),
);
