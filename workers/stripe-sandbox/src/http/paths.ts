/**
 * Paths the sandbox answers on. Servers call it at `/v1/...` (its service binding); a browser reaches
 * it through the product's local-only pass-through, so links it hands to a browser (3-D Secure,
 * hosted onboarding) are on that base.
 */
export const BROWSER_BASE_PATH = "/api/stripe-sandbox";

/** The sandbox's own path of a request (`/v1/...`), whichever way it arrived. */
export function sandboxPath(path: string): string {
  const at = path.indexOf("/v1/");
  return at >= 0 ? path.slice(at) : path;
}
