/** The wishlist feature's public face: "Save for later" and the songs saved on this tablet. */
export { SaveForLaterButton } from "./save-for-later-button";
export { useWishlist } from "./wishlist";
