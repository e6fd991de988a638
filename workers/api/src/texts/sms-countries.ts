/**
 * The countries JPlay texts (docs/decisions/026-texts-to-artists.md): a number elsewhere is refused
 * when the artist saves it and never texted, so nobody can point our texts at premium-rate numbers
 * abroad and have us pay for them (SMS pumping, as Twilio's geo-permissions guard against). The
 * setting `SMS_COUNTRIES` lists them as ISO 3166 codes (default `US`).
 *
 * North America shares one calling code (+1, the NANP): a +1 number's country is its area code's.
 * Canada's and the Caribbean and Atlantic nations' area codes are not the United States'; toll-free
 * (8xx) and premium-rate (900, 976) codes are nobody's phone and are never texted. US territories
 * (Puerto Rico, the Virgin Islands, Guam, …) count as the US.
 */

/** Canada's area codes (the Canadian Numbering Administrator's list). */
const CANADA = new Set([
  "204",
  "226",
  "236",
  "249",
  "250",
  "257",
  "263",
  "289",
  "306",
  "343",
  "354",
  "365",
  "367",
  "368",
  "382",
  "387",
  "403",
  "416",
  "418",
  "428",
  "431",
  "437",
  "438",
  "450",
  "460",
  "468",
  "474",
  "506",
  "514",
  "519",
  "548",
  "579",
  "581",
  "584",
  "587",
  "600",
  "604",
  "613",
  "622",
  "639",
  "647",
  "672",
  "683",
  "705",
  "709",
  "742",
  "753",
  "778",
  "780",
  "782",
  "807",
  "819",
  "825",
  "867",
  "873",
  "879",
  "902",
  "905",
  "942",
]);

/** The other NANP nations' area codes: the Bahamas, Barbados, Anguilla, …, Jamaica. */
const OTHER_NANP_NATIONS = new Set([
  "242",
  "246",
  "264",
  "268",
  "284",
  "345",
  "441",
  "473",
  "649",
  "658",
  "664",
  "721",
  "758",
  "767",
  "784",
  "809",
  "829",
  "849",
  "868",
  "869",
  "876",
]);

/** Toll-free and premium-rate codes: not a person's phone. */
const NOT_A_PHONE = /^(8(00|33|44|55|66|77|88)|900|976)$/;

/** Countries outside North America a setting may name, by calling code. */
const CALLING_CODES: ReadonlyMap<string, string> = new Map([
  ["MX", "52"],
  ["GB", "44"],
  ["ES", "34"],
]);

/** The country of an E.164 number among those JPlay may serve (US, CA, MX, GB, ES), or null. */
export function smsCountryOf(e164: string): string | null {
  const nanp = /^\+1([2-9]\d{2})\d{7}$/.exec(e164);
  if (nanp) {
    const area = nanp[1]!;
    // N11 codes (211, 911, …) are services, not area codes.
    if (NOT_A_PHONE.test(area) || area.endsWith("11")) return null;
    if (CANADA.has(area)) return "CA";
    return OTHER_NANP_NATIONS.has(area) ? null : "US";
  }
  if (e164.startsWith("+1")) return null;
  return [...CALLING_CODES].find(([, code]) => e164.startsWith(`+${code}`))?.[0] ?? null;
}

/** The countries texts go to: `SMS_COUNTRIES` (comma-separated ISO codes), else the US. */
export function servedSmsCountries(env: { SMS_COUNTRIES?: string }): string[] {
  const named = (env.SMS_COUNTRIES ?? "")
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code === "US" || code === "CA" || CALLING_CODES.has(code));
  return named.length > 0 ? [...new Set(named)] : ["US"];
}

/** Whether JPlay texts this E.164 number under the setting. */
export const textsReach = (env: { SMS_COUNTRIES?: string }, e164: string): boolean => {
  const country = smsCountryOf(e164);
  return country !== null && servedSmsCountries(env).includes(country);
};
