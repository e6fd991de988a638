/**
 * Facilities (prisons and jails) whose tablets list the catalogue, as the admin API and the admin
 * portal's Catalogue tab exchange them. The rules are written once here so the Worker's validation
 * and the form say the same thing about the same input (docs/decisions/051-facilities-and-clean-catalogue.md).
 */
import * as v from "valibot";
import { FACILITY_PRICE_CEILING_DEFAULT_CENTS, FACILITY_PRICE_CEILING_MIN_CENTS } from "./pricing";

export const FACILITY_NAME_MIN_LENGTH = 2;
export const FACILITY_NAME_MAX_LENGTH = 100;

/** The states, the District of Columbia and the territories with federal or state facilities. */
export const US_STATE_CODES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "DC",
  "PR",
  "GU",
  "VI",
  "AS",
  "MP",
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];

export const FACILITY_MESSAGES = {
  name: `Enter the facility's name (${FACILITY_NAME_MIN_LENGTH} to ${FACILITY_NAME_MAX_LENGTH} characters).`,
  state: "Enter the facility's state as a two-letter US code, such as TX.",
  cleanOnly: "Say whether the facility takes clean music only.",
  priceCeiling: `Enter the facility's price ceiling in cents, a whole number from ${FACILITY_PRICE_CEILING_MIN_CENTS} to ${FACILITY_PRICE_CEILING_DEFAULT_CENTS}.`,
  missing: "Send the facility's name, state and whether it takes clean music only.",
} as const;

/** `POST /api/admin/facilities` and `POST /api/admin/facilities/{id}`: the whole facility each time. */
export const FacilitySchema = v.object(
  {
    name: v.pipe(
      v.string(FACILITY_MESSAGES.name),
      v.trim(),
      v.minLength(FACILITY_NAME_MIN_LENGTH, FACILITY_MESSAGES.name),
      v.maxLength(FACILITY_NAME_MAX_LENGTH, FACILITY_MESSAGES.name),
    ),
    state: v.pipe(v.string(FACILITY_MESSAGES.state), v.trim(), v.toUpperCase(), v.picklist(US_STATE_CODES, FACILITY_MESSAGES.state)),
    cleanOnly: v.boolean(FACILITY_MESSAGES.cleanOnly),
    /**
     * The most its listeners pay for a song, in cents (docs/decisions/071-facility-price-ceilings.md).
     * Left out: a new facility gets $1.99 and a changed one keeps its ceiling.
     */
    priceCeilingCents: v.optional(
      v.pipe(
        v.number(FACILITY_MESSAGES.priceCeiling),
        v.integer(FACILITY_MESSAGES.priceCeiling),
        v.minValue(FACILITY_PRICE_CEILING_MIN_CENTS, FACILITY_MESSAGES.priceCeiling),
        v.maxValue(FACILITY_PRICE_CEILING_DEFAULT_CENTS, FACILITY_MESSAGES.priceCeiling),
      ),
    ),
  },
  FACILITY_MESSAGES.missing,
);
export type FacilityRequest = v.InferOutput<typeof FacilitySchema>;

export const FacilityRecordSchema = v.object({
  id: v.string(),
  name: v.string(),
  state: v.picklist(US_STATE_CODES),
  /** Its tablets never list a song with explicit content, or one whose answer is unknown. */
  cleanOnly: v.boolean(),
  /** The most its listeners pay for a song, in cents: a song sells there at min(its price, this). */
  priceCeilingCents: v.number(),
  /** ISO 8601. */
  createdAt: v.string(),
});
export type Facility = v.InferOutput<typeof FacilityRecordSchema>;

/** `GET /api/admin/facilities`: by name. */
export const FacilitiesResponseSchema = v.object({ facilities: v.array(FacilityRecordSchema) });
export type FacilitiesResponse = v.InferOutput<typeof FacilitiesResponseSchema>;
