/** The catalogue feature's public face: what other features may use. */
export { invalidateSongReads } from "./api/get-song";
export { LoadError } from "./components/catalogue-states";
export { SongRow, type SongRowProps } from "./components/song-row";
