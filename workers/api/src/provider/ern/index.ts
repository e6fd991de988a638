/**
 * DDEX ERN 4.3 messages for the tablet provider (docs/catalogue-and-provider-api.md, "DDEX ERN feed"; the XSD in
 * schema/ddex/ern43/): pure builders from plain release data to XML, and the feed page that wraps
 * one message per catalogue change.
 */
export { ddexParties, DEFAULT_RECIPIENT_PARTY_ID, type DdexSettings } from "./ddex-parties";
export { buildErnFeedPage, ernMessageId, type ErnPageSettings, type FeedEntries, type FeedEntry, type SignMediaLink } from "./feed-page";
export { ERN_NAMESPACE, type MessageContext, type MessagingParty } from "./message-header";
export { buildNewReleaseMessage } from "./new-release-message";
export type { ReleaseFacts, RightsLine } from "./release-facts";
export type { MediaLinks } from "./resources";
export { buildTakedownMessage } from "./takedown-message";
