/**
 * The access module's public surface: what other modules and the Worker's entry points may import.
 */
export { adminMethod, adminOperator, endAdminSession, isAdminRequest, isSameOriginRequest, passwordMatches, startAdminSession } from "./admin-access";
export { claimSignInTry, releaseSignInTry } from "./admin-sign-in-guard";
export {
  ARTIST_PAGE_IN_COOKIE_PATH,
  artistLinkInCookie,
  keepOpenedLink,
  namesLinkInCookie,
  openedByThePerson,
  sendArtistLinkCookie,
} from "./artist-link-cookie";
export {
  artistLinkStatement,
  artistLinkTtlMs,
  artistPagePath,
  issueArtistLink,
  openArtistLink,
  replaceArtistLinks,
  revokeArtistLinks,
  revokeArtistLinksByOperator,
} from "./artist-links";
export {
  currentSession,
  dropSessionCookie,
  readSessionCustomer,
  requireSessionArtist,
  rotateSession,
  sessionArtist,
  sessionsConfigured,
  startSession,
} from "./artist-session";
export { endSessionOfArtist, endSessionsOfArtist, liveSessionsOfArtist } from "./artist-sessions";
export { purgeSessionsTask } from "./jobs/session-tasks";
export { artistSessionView, sessionView } from "./session-views";
export { artistById, type ArtistRow } from "./artist-rows";
