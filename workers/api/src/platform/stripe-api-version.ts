/**
 * Stripe renders each webhook event in its endpoint's API version, and the SDK reads objects in the
 * version it pins (Stripe.API_VERSION). Since 2024-09-30.acacia a version is `YYYY-MM-DD.<release>`:
 * the monthly versions of one release add to it without breaking changes, and only a new release
 * breaks (https://docs.stripe.com/api/versioning). An event of the pinned release is read as
 * it is, whichever month (`stripe listen --latest` may be a month ahead of the SDK); an event of
 * another release may lack fields or carry renamed ones, which a handler would silently misread:
 * such an event is refused loudly (logged, 400) so Stripe keeps it pending and an operator recreates
 * the endpoint with the pinned version (docs/deployment.md).
 */
import Stripe from "stripe";
import { AppError } from "./errors";

export const PINNED_API_VERSION: string = Stripe.API_VERSION;

/** The named release of a dated version (`2026-10-28.endive` → `endive`); null for an undated or pre-release-name version. */
export function apiRelease(version: string | null | undefined): string | null {
  return /^\d{4}-\d{2}-\d{2}\.([a-z]+)$/.exec(version ?? "")?.[1] ?? null;
}

/** True when `version` is the pinned version or a monthly version of the same release. */
export function readsAsPinned(version: string | null | undefined): boolean {
  if (version === PINNED_API_VERSION) return true;
  const release = apiRelease(version);
  return release !== null && release === apiRelease(PINNED_API_VERSION);
}

export function refuseOtherApiVersion(event: Pick<Stripe.Event, "id" | "type" | "api_version">, endpoint: string): void {
  if (readsAsPinned(event.api_version)) return;
  console.error(
    JSON.stringify({
      level: "error",
      msg: "webhook event in another API release refused",
      endpoint,
      event: event.id,
      type: event.type,
      eventVersion: event.api_version,
      pinned: PINNED_API_VERSION,
    }),
  );
  throw new AppError(
    400,
    "api_version_mismatch",
    `Event ${event.id} is in API version ${event.api_version ?? "(none)"}, but this endpoint reads ${PINNED_API_VERSION} and its release's other months.`,
  );
}
