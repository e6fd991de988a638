/**
 * The DealList: on what terms the provider may sell the release. One deal: the United States (every
 * facility is a US prison), pay as you go (ERN's PayAsYouGoModel: the listener pays per song) for a
 * permanent download, at the listener's price in US dollars, from the release date. ERN 4.3 has no
 * takedown flag: a takedown is the same deal with an end (docs: docs/catalogue-and-provider-api.md, "DDEX ERN feed").
 */
import { dollars } from "./ern-values";
import type { ReleaseFacts } from "./release-facts";
import { RELEASE_REFERENCE } from "./release";
import { element, textElement, type XmlElement } from "./xml";

export const DEAL_TERRITORY = "US";

/** When the deal holds: open from a day (a release), or from one instant to another (a takedown). */
export type DealValidity = { startDate: string } | { startDateTime: string; endDateTime: string };

function validityPeriod(validity: DealValidity): XmlElement {
  if ("startDate" in validity) return element("ValidityPeriod", {}, textElement("StartDate", validity.startDate));
  return element("ValidityPeriod", {}, textElement("StartDateTime", validity.startDateTime), textElement("EndDateTime", validity.endDateTime));
}

export function dealList(facts: ReleaseFacts, validity: DealValidity): XmlElement {
  const terms = element(
    "DealTerms",
    {},
    textElement("TerritoryCode", DEAL_TERRITORY),
    validityPeriod(validity),
    textElement("CommercialModelType", "PayAsYouGoModel"),
    textElement("UseType", "PermanentDownload"),
    element("PriceInformation", { PriceType: "StandardRetailPrice" }, textElement("SuggestedRetailPrice", dollars(facts.priceCents), { CurrencyCode: "USD" })),
  );
  return element("DealList", {}, element("ReleaseDeal", {}, textElement("DealReleaseReference", RELEASE_REFERENCE), element("Deal", {}, terms)));
}
