/** Which facility this tablet is in (facility-choice.ts), and what the catalogue answers for an unknown one. */
import { hasErrorCode } from "@/lib/api-client";

export * from "./facility-choice";

/** A catalogue list answers 404 only when the facility this tablet keeps is not known to JPlay. */
export const isUnknownFacility = (error: unknown) => hasErrorCode(error, "unknown_facility");
