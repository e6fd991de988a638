/** The catalogue feature's public face: what other features may use. */
export { invalidateSongReads } from "./api/get-song";
