/**
 * Stripe renders each webhook event in its endpoint's API version, and the SDK reads objects in the
 * version it pins (Stripe.API_VERSION). An event in another version may lack fields or carry renamed
 * ones, which a handler would silently misread: such an event is refused loudly (logged, 400) so
 * Stripe keeps it pending and an operator recreates the endpoint with the pinned version
 * (README, Deployment).
 */
import Stripe from "stripe";
import { AppError } from "../errors";

export const PINNED_API_VERSION: string = Stripe.API_VERSION;

export function refuseOtherApiVersion(event: Pick<Stripe.Event, "id" | "type" | "api_version">, endpoint: string): void {
  if (event.api_version === PINNED_API_VERSION) return;
  console.error(
    JSON.stringify({ level: "error", msg: "webhook event in another API version refused", endpoint, event: event.id, type: event.type, eventVersion: event.api_version, pinned: PINNED_API_VERSION }),
  );
  throw new AppError(400, "api_version_mismatch", `Event ${event.id} is in API version ${event.api_version ?? "(none)"}, but this endpoint reads ${PINNED_API_VERSION}.`);
}
