/**
 * The ReleaseList of a single: one Release (R1) of type Single holding the sound recording, with the
 * cover linked to it. Identified by its UPC as ICPN when it has one, and always by JPlay's song id.
 */
import { ERN_PARENTAL_WARNING, isoDuration } from "./ern-values";
import type { ReleaseParties } from "./parties";
import type { ReleaseFacts } from "./release-facts";
import { COVER_IMAGE_REFERENCE, displayTitle, proprietaryId, rightsLine, SOUND_RECORDING_REFERENCE } from "./resources";
import { element, textElement, type XmlElement } from "./xml";

export const RELEASE_REFERENCE = "R1";

export function releaseList(facts: ReleaseFacts, parties: ReleaseParties, senderPartyId: string): XmlElement {
  const release = element(
    "Release",
    {},
    textElement("ReleaseReference", RELEASE_REFERENCE),
    textElement("ReleaseType", "Single"),
    element("ReleaseId", {}, facts.upc ? textElement("ICPN", facts.upc) : null, proprietaryId(senderPartyId, facts.songId)),
    displayTitle(facts.title),
    textElement("DisplayArtistName", facts.artist),
    parties.displayArtists,
    textElement("ReleaseLabelReference", parties.labelReference),
    rightsLine("PLine", facts.pLine),
    rightsLine("CLine", facts.cLine),
    textElement("Duration", isoDuration(facts.durationMs)),
    element("Genre", {}, textElement("GenreText", facts.genre)),
    facts.releaseDate ? textElement("ReleaseDate", facts.releaseDate) : null,
    facts.releaseDate ? textElement("OriginalReleaseDate", facts.releaseDate) : null,
    textElement("ParentalWarningType", ERN_PARENTAL_WARNING[facts.parentalWarning]),
    element(
      "ResourceGroup",
      {},
      element("ResourceGroupContentItem", {}, textElement("SequenceNumber", 1), textElement("ReleaseResourceReference", SOUND_RECORDING_REFERENCE)),
      facts.hasCover && textElement("LinkedReleaseResourceReference", COVER_IMAGE_REFERENCE),
    ),
  );
  return element("ReleaseList", {}, release);
}
