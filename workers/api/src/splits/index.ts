/**
 * The splits module's public surface (docs/splits.md): royalty splits of a song's artist credit
 * with its collaborators, what other modules and the Worker's entry points may import.
 */
export { purchaseSplitStatements, type SplitSale } from "./purchase-splits";
export { refundSplitStatements } from "./refund-purchase-splits";
export { ownSong, saveSongSplit } from "./save-song-split";
export { songSplitHistory, songSplitNow } from "./read-song-splits";
export { returnHeldSharesTask } from "./jobs/return-held-shares";
export { splitHoldDays } from "./held-shares";
export { inviteCollaborators } from "./invite-collaborators";
export { acceptShares } from "./collaborator-shares";
export { collaboratorDetails } from "./collaborator-details";
export { collaboratorLinkPage, collaboratorRoutes } from "./routes/collaborator-page";
export { creditsWithContributors, songContributors } from "./song-contributors";
