/**
 * Account Links: the single-use, short-lived URL of the sandbox's hosted onboarding page, where the
 * person behind a connected account gives their debit card (Stripe-hosted onboarding, locally).
 * The link's private record remembers the account and where to send the browser afterwards.
 * https://docs.stripe.com/api/account_links
 */
import { BROWSER_BASE_PATH } from "../http/paths";
import { ID_PREFIX, newId } from "../store/ids";
import type { StoredObject } from "../store/store";

/** Stripe's links expire after a few minutes. */
export const ACCOUNT_LINK_TTL_SECONDS = 300;

export const ACCOUNT_LINK_TYPES = ["account_onboarding", "account_update"] as const;

export interface OnboardingLink extends StoredObject {
  object: "sandbox.account_link";
  account: string;
  type: (typeof ACCOUNT_LINK_TYPES)[number];
  return_url: string;
  refresh_url: string;
  created: number;
  expires_at: number;
  used: boolean;
}

/** Where the browser opens the hosted onboarding page (a path on the product's own origin). */
export const onboardingPath = (linkId: string) => `${BROWSER_BASE_PATH}/connect/onboarding/${linkId}`;

export function newOnboardingLink(fields: Pick<OnboardingLink, "account" | "type" | "return_url" | "refresh_url">, now: number): OnboardingLink {
  return {
    id: newId(ID_PREFIX.account_link),
    object: "sandbox.account_link",
    ...fields,
    created: now,
    expires_at: now + ACCOUNT_LINK_TTL_SECONDS,
    used: false,
  };
}

/** Whether the link may still be used (not expired, not used). */
export const linkUsable = (link: OnboardingLink, now: number) => !link.used && now < link.expires_at;
