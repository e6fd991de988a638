/**
 * Which deployment this is. Development-only behaviour (the Stripe sandbox, the admin password, a
 * JWKS given as configuration, compressed delivery windows) is on only for an explicit allow-list of
 * environments; anything else, an APP_ENV that is missing, unknown or misspelled included, is
 * production. Failing closed means a typo can only take a feature away, never open one.
 */
const DEVELOPMENT_ENVIRONMENTS: ReadonlySet<string> = new Set(["development", "test"]);

export function isDevelopment(env: { APP_ENV?: unknown }): boolean {
  return typeof env.APP_ENV === "string" && DEVELOPMENT_ENVIRONMENTS.has(env.APP_ENV);
}
