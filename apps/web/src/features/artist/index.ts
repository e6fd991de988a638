/** The artist page feature's public face: what other features may use. */
export { startPayoutsSetup } from "./api/start-payouts-setup";
export { songStatusLabel } from "./labels";
export { PayoutsTable } from "./components/artist-money";
export { formatDay } from "./labels";
export { ArtistStatements } from "./components/artist-statements";
