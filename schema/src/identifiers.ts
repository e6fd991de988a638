/**
 * The two public identifiers a release carries, with their own standards' rules, written once for
 * the form, the Worker and the feeds (docs/decisions/042-release-identifiers-and-metadata.md):
 *
 * - ISRC (ISO 3901) names a recording: `CC-XXX-YY-NNNNN` — country code, registrant code, the
 *   year of reference's last two digits, a five-digit designation. Stored and sent without hyphens
 *   (12 characters), shown with them.
 * - GTIN (GS1) names a release: a UPC (GTIN-12) or an EAN (GTIN-13), whose last digit is the mod-10
 *   check digit of the others.
 */

/** An ISRC as stored: 2 letters, 3 letters or digits, 7 digits. */
const ISRC_STORED = /^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$/;

/** The part of an ISRC a registrant is given (`CC-XXX`, "ISRC prefix"), as stored: 5 characters. */
const ISRC_PREFIX_STORED = /^[A-Z]{2}[A-Z0-9]{3}$/;

/** The highest designation code in one year of reference (five digits). */
export const ISRC_MAX_DESIGNATION = 99_999;

/** What an artist or a setting typed, uppercased, without the hyphens and spaces ISRCs are often written with. */
const compact = (typed: string) => typed.trim().toUpperCase().replace(/[-\s]/g, "");

/**
 * The stored form of a typed ISRC (`us-s1z-99-00001` → `USS1Z9900001`), or null when it is not one.
 * ISO 3901 presents an ISRC preceded by the letters "ISRC" (`ISRC US-S1Z-99-00001`), which are not
 * part of it: a label copied with the code is dropped (16 characters only, so a code whose own first
 * letters are I, S, R, C is kept).
 */
export function normalizeIsrc(typed: string): string | null {
  const compacted = compact(typed).replace(/:/g, "");
  const isrc = compacted.length === 16 && compacted.startsWith("ISRC") ? compacted.slice(4) : compacted;
  return ISRC_STORED.test(isrc) ? isrc : null;
}

/** `USS1Z9900001` → `US-S1Z-99-00001`, as people read and type it. */
export function formatIsrc(isrc: string): string {
  return `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`;
}

/** The stored form of an ISRC prefix setting (`QZ-ABC` → `QZABC`), or null when it is not one. */
export function normalizeIsrcPrefix(typed: string): string | null {
  const prefix = compact(typed);
  return ISRC_PREFIX_STORED.test(prefix) ? prefix : null;
}

/** The ISRC of designation `designation` in `year`, under `prefix` (stored form). */
export function mintIsrc(prefix: string, year: number, designation: number): string {
  if (!ISRC_PREFIX_STORED.test(prefix)) throw new Error(`Not an ISRC prefix: ${prefix}`);
  if (!Number.isInteger(designation) || designation < 1 || designation > ISRC_MAX_DESIGNATION) {
    throw new Error(`An ISRC designation is 1 to ${ISRC_MAX_DESIGNATION}: ${designation}`);
  }
  return `${prefix}${String(year % 100).padStart(2, "0")}${String(designation).padStart(5, "0")}`;
}

/** GS1's mod-10 check digit of a GTIN's digits before it (weights 3,1,3,… from the right). */
export function gtinCheckDigit(digitsBeforeCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsBeforeCheck.length; i++) {
    const digit = Number(digitsBeforeCheck[digitsBeforeCheck.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The stored form of a typed UPC/EAN (12 or 13 digits, check digit right), or null when it is not one. */
export function normalizeGtin(typed: string): string | null {
  const gtin = typed.trim().replace(/[-\s]/g, "");
  if (!/^(\d{12}|\d{13})$/.test(gtin)) return null;
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin.slice(-1)) ? gtin : null;
}

/** A UPC company prefix setting: 6 to 11 digits (the rest of a GTIN-12 is item reference and check digit). */
export function normalizeUpcCompanyPrefix(typed: string): string | null {
  const prefix = typed.trim().replace(/[-\s]/g, "");
  return /^\d{6,11}$/.test(prefix) ? prefix : null;
}

/** How many item references a company prefix leaves room for. */
export const upcItemReferences = (companyPrefix: string) => 10 ** (11 - companyPrefix.length);

/**
 * The GTIN-12 (UPC-A) of item reference `item` under `companyPrefix`, check digit included. Item
 * references run from 0 to upcItemReferences − 1 (GS1: a 10-digit prefix makes 10 numbers, 0 to 9; an
 * 11-digit prefix is one GTIN, whose item reference has no digits).
 */
export function mintUpc(companyPrefix: string, item: number): string {
  if (normalizeUpcCompanyPrefix(companyPrefix) !== companyPrefix) throw new Error(`Not a UPC company prefix: ${companyPrefix}`);
  if (!Number.isInteger(item) || item < 0 || item >= upcItemReferences(companyPrefix)) {
    throw new Error(`Item reference ${item} does not fit after the ${companyPrefix.length}-digit prefix ${companyPrefix}`);
  }
  const width = 11 - companyPrefix.length;
  const body = companyPrefix + (width === 0 ? "" : String(item).padStart(width, "0"));
  return body + String(gtinCheckDigit(body));
}
