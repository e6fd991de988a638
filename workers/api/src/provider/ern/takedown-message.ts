/**
 * The ERN 4.3 message for a song leaving the catalogue. ERN 4.3 has no TakeDown element (ERN 3's
 * DealTerms/TakeDown is gone): a takedown is a NewReleaseMessage that replaces the release's deal with
 * one that has ended — its ValidityPeriod closes at the moment of the takedown (EndDateTime). The
 * release and its resources are named as before, without file links: the files are no longer served.
 */
import { dealList } from "./deal";
import { newReleaseMessage, type MessageContext } from "./message-header";
import { releaseParties } from "./parties";
import type { ReleaseFacts } from "./release-facts";
import { releaseList } from "./release";
import { resourceList } from "./resources";
import { renderDocument } from "./xml";

/** `takenDownAt`: xs:dateTime of the takedown; the deal ran from the release date's start (or the takedown, if that came first). */
export function buildTakedownMessage(facts: ReleaseFacts, takenDownAt: string, context: MessageContext): string {
  const parties = releaseParties(facts);
  const senderPartyId = context.sender.partyId;
  const releaseStart = facts.releaseDate ? `${facts.releaseDate}T00:00:00.000Z` : takenDownAt;
  const startDateTime = Date.parse(releaseStart) < Date.parse(takenDownAt) ? releaseStart : takenDownAt;
  return renderDocument(
    newReleaseMessage(context, {
      partyList: parties.partyList,
      resourceList: resourceList(facts, parties, senderPartyId, null),
      releaseList: releaseList(facts, parties, senderPartyId),
      dealList: dealList(facts, { startDateTime, endDateTime: takenDownAt }),
    }),
  );
}
