/**
 * The compliance module's public surface: term lists, screening (the audio's transcript included), facilities' standing and blocks,
 * the audit log's reads, its hash chain (sealed and verified) and the feed's compliance records (docs/decisions/067-term-lists-screening-audit.md).
 */
export { auditLogCsv, readAuditLog } from "./audit-log";
export { sealAuditLog, sealAuditLogTask, verifyAuditChain } from "./audit-chain";
export { complianceRecords } from "./compliance-records";
export { decideHeldSong } from "./facility-decision";
export { blockAtFacility, liftBlock, listFacilityBlocks } from "./facility-blocks";
export { auditMatches, facilityFailures, overrideStatements, refreshHolds, type FacilityFailure } from "./facility-standing";
export { refreshFacilityHolds, rescreenAfterListChange } from "./rescreen";
export { listHeldSongs, songScreening } from "./review-screening";
export { screenSong } from "./screening";
export { requestTranscription, transcribeSong, transcriptionFailed } from "./song-transcripts";
export { changeTermList, createTermList, currentTermLists, listTermListVersions, setFacilityTermLists } from "./term-lists";
export { complianceJobs } from "./jobs/compliance-jobs";
