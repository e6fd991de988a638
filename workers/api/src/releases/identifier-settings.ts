/**
 * JPlay's two registrant prefixes, from the ISRC_PREFIX and UPC_COMPANY_PREFIX settings
 * (wrangler.toml [vars]): the ISRC prefix (CC-XXX) a national ISRC agency gave JPlay, and JPlay's GS1
 * company prefix. Read where identifiers are minted and nowhere else. Fails closed: a missing or
 * malformed value, or in production the development placeholder, is an error naming the setting, so
 * nothing is minted under a wrong prefix; the job or cron task that needed it fails with that message
 * (admin's Failed jobs, the cron's log) and the song waits undelivered.
 */
import { normalizeIsrcPrefix, normalizeUpcCompanyPrefix } from "@jplay/schema/identifiers";
import { isDevelopment } from "../platform/environment";

export interface IdentifierSettings {
  /** Stored form, 5 characters (`XXJPL`). */
  isrcPrefix: string;
  /** 6 to 11 digits. */
  upcCompanyPrefix: string;
}

/** The placeholders wrangler.toml gives development and tests: never a registrant's, so refused in production. */
export const PLACEHOLDER_ISRC_PREFIX = "XXJPL";
export const PLACEHOLDER_UPC_COMPANY_PREFIX = "040000";

export class IdentifierSettingsError extends Error {
  override name = "IdentifierSettingsError";
}

type SettingsEnv = Pick<Env, "APP_ENV" | "ISRC_PREFIX" | "UPC_COMPANY_PREFIX">;

const waits = "no ISRC or UPC is assigned and songs without them are not delivered until it is fixed";

export function identifierSettings(env: SettingsEnv): IdentifierSettings {
  const isrcPrefix = read(env, "ISRC_PREFIX", normalizeIsrcPrefix, "an ISRC prefix: country code and registrant code, CC-XXX", PLACEHOLDER_ISRC_PREFIX);
  const upcCompanyPrefix = read(env, "UPC_COMPANY_PREFIX", normalizeUpcCompanyPrefix, "a GS1 company prefix of 6 to 11 digits", PLACEHOLDER_UPC_COMPANY_PREFIX);
  return { isrcPrefix, upcCompanyPrefix };
}

function read(
  env: SettingsEnv,
  name: "ISRC_PREFIX" | "UPC_COMPANY_PREFIX",
  normalize: (typed: string) => string | null,
  what: string,
  placeholder: string,
): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") throw new IdentifierSettingsError(`${name} is not set (${what}): ${waits}`);
  const value = normalize(raw);
  if (value === null) throw new IdentifierSettingsError(`${name} "${raw}" is not ${what}: ${waits}`);
  if (value === placeholder && !isDevelopment(env)) {
    throw new IdentifierSettingsError(`${name} is the development placeholder "${raw}", which is no registrant's: ${waits}`);
  }
  return value;
}

/**
 * JPlay's prefixes as far as they are configured, for refusing a typed code under them; unlike
 * `identifierSettings` it never throws (an upload is not the place to report a missing setting).
 */
export function ownIdentifierPrefixes(env: Pick<Env, "ISRC_PREFIX" | "UPC_COMPANY_PREFIX">): { isrcPrefix: string | null; upcCompanyPrefix: string | null } {
  return {
    isrcPrefix: env.ISRC_PREFIX ? normalizeIsrcPrefix(env.ISRC_PREFIX) : null,
    upcCompanyPrefix: env.UPC_COMPANY_PREFIX ? normalizeUpcCompanyPrefix(env.UPC_COMPANY_PREFIX) : null,
  };
}
