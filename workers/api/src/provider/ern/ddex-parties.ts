/**
 * Who the ERN messages are from and to, from the Worker's settings: DDEX_PARTY_ID is JPlay's DDEX
 * Party ID (DPID, issued by DDEX at ddex.net) and is required — without a valid one the ERN feed
 * answers 503 rather than sending messages from nobody. DDEX_RECIPIENT_PARTY_ID is the tablet
 * provider's DPID; until it has one, messages name DEFAULT_RECIPIENT_PARTY_ID.
 */
import { AppError } from "../../platform/errors";
import type { MessagingParty } from "./message-header";

/** A DPID as the ERN 4.3 XSD requires it of a MessageSender's and MessageRecipient's PartyId. */
const DPID = /^PADPIDA[a-zA-Z0-9]+$/;

/** The recipient's PartyId while the provider has no DPID: a placeholder that is valid ERN, named for what it stands for. */
export const DEFAULT_RECIPIENT_PARTY_ID = "PADPIDATABLETPROVIDER";
export const SENDER_NAME = "JPlay";

export interface DdexSettings {
  DDEX_PARTY_ID?: string;
  DDEX_RECIPIENT_PARTY_ID?: string;
}

/** JPlay's own DPID when DDEX_PARTY_ID holds a valid one, else null (the sales exports name a placeholder then). */
export function jplayPartyId(settings: DdexSettings): string | null {
  const partyId = settings.DDEX_PARTY_ID?.trim();
  return partyId && DPID.test(partyId) ? partyId : null;
}

export function ddexParties(settings: DdexSettings): { sender: MessagingParty; recipient: MessagingParty } {
  const partyId = settings.DDEX_PARTY_ID?.trim();
  if (!partyId || !DPID.test(partyId)) {
    throw new AppError(
      503,
      "not_configured",
      "The DDEX ERN feed is not available: DDEX_PARTY_ID must be JPlay's DDEX Party ID (PADPIDA followed by letters and digits)",
    );
  }
  const recipientId = settings.DDEX_RECIPIENT_PARTY_ID?.trim() || DEFAULT_RECIPIENT_PARTY_ID;
  if (!DPID.test(recipientId)) {
    throw new AppError(
      503,
      "not_configured",
      "The DDEX ERN feed is not available: DDEX_RECIPIENT_PARTY_ID must be a DDEX Party ID (PADPIDA followed by letters and digits)",
    );
  }
  return { sender: { partyId, name: SENDER_NAME }, recipient: { partyId: recipientId } };
}
