/**
 * Release identifiers (docs/decisions/042): every recording gets an ISRC and every release a UPC
 * before delivery, carried in the delivered MP3's ID3 TSRC. Other modules use it through this index.
 */
export { assignIdentifiers, IdentifiersExhaustedError, type ReleaseIdentifiers } from "./assign-identifiers";
export { backfillIdentifiers, songsLackingIdentifiers, type BackfillReport } from "./identifier-backfill";
export { deliveredAudioKey, providerAudioKey, storeDeliveredCopy } from "./delivered-copy";
export { identifierSettings, IdentifierSettingsError, ownIdentifierPrefixes, type IdentifierSettings } from "./identifier-settings";
export { isrcSequence, lastNumberTaken, upcSequence } from "./identifier-sequences";
export { deliveredLoudness } from "./normalise-loudness";
export { prepareRelease } from "./prepare-release";
export { backfillIdentifiersTask } from "./jobs/release-tasks";
