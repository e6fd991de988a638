/** The "me" feature's public face (this browser's artist, if any): what other features may use. */
export { refreshMe } from "./api/get-me";
export { GetPaid } from "./components/get-paid";
export { MyArtistPageLink } from "./components/my-artist-page-link";
export { MyGetPaid } from "./components/my-get-paid";
export { SavedCardRequired } from "./components/saved-card-required";
