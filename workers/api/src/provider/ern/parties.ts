/**
 * The people a message names and the references that point at them: ERN lists every party once in
 * the PartyList (P1, P2, … by first mention) and the recording and release refer to them. The
 * song's artist is the main artist; credits add more display artists (performers, featured
 * artists) and contributors (composer, lyricist, producer); the ℗ holder is the release's label
 * (an independent artist's own name unless they gave a label's).
 */
import { ERN_CREDIT_ROLE } from "./ern-values";
import type { ReleaseFacts } from "./release-facts";
import { element, textElement, type XmlElement } from "./xml";

export interface ReleaseParties {
  /** The PartyList element. */
  partyList: XmlElement;
  /** DisplayArtist elements, main artist first: the recording and the release both carry them. */
  displayArtists: XmlElement[];
  /** Contributor elements of the recording, one per party with all its roles. */
  contributors: XmlElement[];
  /** The party reference of the release's label. */
  labelReference: string;
}

export function releaseParties(facts: ReleaseFacts): ReleaseParties {
  const references = new Map<string, string>();
  const referenceOf = (name: string) => {
    const key = name.trim();
    let reference = references.get(key);
    if (!reference) {
      reference = `P${references.size + 1}`;
      references.set(key, reference);
    }
    return reference;
  };

  const artistReference = referenceOf(facts.artist);
  const displayArtists: { reference: string; role: string }[] = [{ reference: artistReference, role: "MainArtist" }];
  const contributorRoles = new Map<string, string[]>();
  for (const credit of facts.credits) {
    const reference = referenceOf(credit.name);
    const placement = ERN_CREDIT_ROLE[credit.role];
    if ("displayArtist" in placement) {
      if (!displayArtists.some((artist) => artist.reference === reference)) displayArtists.push({ reference, role: placement.displayArtist });
    } else {
      const roles = contributorRoles.get(reference) ?? [];
      if (!roles.includes(placement.contributor)) roles.push(placement.contributor);
      contributorRoles.set(reference, roles);
    }
  }
  const labelReference = referenceOf(facts.pLine?.holder ?? facts.artist);

  return {
    partyList: element(
      "PartyList",
      {},
      [...references].map(([name, reference]) =>
        element("Party", {}, textElement("PartyReference", reference), element("PartyName", {}, textElement("FullName", name))),
      ),
    ),
    displayArtists: displayArtists.map(({ reference, role }, index) =>
      element("DisplayArtist", { SequenceNumber: String(index + 1) }, textElement("ArtistPartyReference", reference), textElement("DisplayArtistRole", role)),
    ),
    contributors: [...contributorRoles].map(([reference, roles], index) =>
      element(
        "Contributor",
        { SequenceNumber: String(index + 1) },
        textElement("ContributorPartyReference", reference),
        roles.map((role) => textElement("Role", role)),
      ),
    ),
    labelReference,
  };
}
