/**
 * What every successful way of paying leaves behind (docs/product.md, Data; States and flows): the local flags the
 * home page's success banner reads (lib/kept-after-payment.ts). Written in one place so the offer,
 * inline and recovery payments cannot disagree.
 */
import { keepDistributedSong } from "@/lib/kept-after-payment";
import { refreshMe } from "@/features/me";

export function markDistributionSuccess(songId: string) {
  keepDistributedSong(songId);
  refreshMe(); // the song is paid now: "Your songs" and "Get paid" read it again
}

/** docs/product.md, Prices and limits: a declined payment leads to the recovery offer after this long. */
export const DECLINE_REDIRECT_MS = 1_500;
