/** The likes feature's public face: the like toggle, its "saved for offline" note, and the liked songs kept in this browser. */
export { LikeButton, SavedForOffline } from "./like-button";
export { likedSongDetails } from "./liked-songs";
