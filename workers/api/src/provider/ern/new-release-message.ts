/**
 * The ERN 4.3 NewReleaseMessage for a song joining the catalogue: the song as it is now, its files
 * by signed links, and a deal open from its release date (or, without one, from the day it joined).
 */
import { todayUtc } from "@jplay/schema/release-metadata";
import { dealList } from "./deal";
import { newReleaseMessage, type MessageContext } from "./message-header";
import { releaseParties } from "./parties";
import type { ReleaseFacts } from "./release-facts";
import { releaseList } from "./release";
import { resourceList, type MediaLinks } from "./resources";
import { renderDocument } from "./xml";

export function buildNewReleaseMessage(facts: ReleaseFacts, links: MediaLinks, context: MessageContext): string {
  const parties = releaseParties(facts);
  const senderPartyId = context.sender.partyId;
  return renderDocument(
    newReleaseMessage(context, {
      partyList: parties.partyList,
      resourceList: resourceList(facts, parties, senderPartyId, links),
      releaseList: releaseList(facts, parties, senderPartyId),
      dealList: dealList(facts, { startDate: facts.releaseDate ?? todayUtc(Date.parse(context.createdAt)) }),
    }),
  );
}
