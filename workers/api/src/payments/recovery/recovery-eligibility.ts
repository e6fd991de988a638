/**
 * Who may be given a recovery discount (docs/decisions/059-recovery-offer-eligibility.md). A declined
 * card opens the offer (payments/recovery/recorded-declines.ts); these rules then keep it a rescue, not a
 * discount on demand:
 * - never after a fraud decline (the song's own, or any on the card that opened the offer);
 * - tier 2 only after tier 1 was declined on the same card whose decline opened tier 1;
 * - at most one recovery offer per artist, and one per card, in RECOVERY_OFFER_WINDOW_MS (90 days):
 *   another song's recovery payment in that time, the artist's or opened by this card, closes it.
 * Rows are read from `card_attempts` and `payments`, which every charge path writes.
 */
import { sql } from "drizzle-orm";
import { RECOVERY_OFFER_WINDOW_MS, type RecoveryTier } from "@jplay/schema/pricing";
import type { Ctx } from "../../platform/context";
import { FRAUD_DECLINE_CODES } from "../cards/card-rules";
import { STAGE } from "./recorded-declines";

export type RecoveryIneligibility = "fraud_decline" | "other_card" | "recent_offer";

export const RECOVERY_REFUSAL_MESSAGES: Record<RecoveryIneligibility, string> = {
  fraud_decline:
    /*i18n*/ "Discounted offers are not available after your bank flagged a payment as possible fraud. Please pay the distribution fee with another card.",
  other_card: /*i18n*/ "The final offer follows a declined special offer on the card that was declined first. Please pay the special offer.",
  recent_offer: /*i18n*/ "A discounted offer was already used in the last 90 days. Please pay the distribution fee.",
};

const FRAUD = sql.join(
  FRAUD_DECLINE_CODES.map((code) => sql`${code}`),
  sql`, `,
);

/** The card (fingerprint) of the song's latest declined attempt at the stage that opens `tier`. */
async function openingCard(ctx: Ctx, songId: string, tier: RecoveryTier): Promise<string | undefined> {
  const [row] = await ctx.db.all<{ fingerprint: string }>(sql`
    select a.fingerprint from card_attempts a join payments p on p.id = a.payment_id
    where p.song_id = ${songId} and ${STAGE[tier].rows} and a.outcome = 'declined'
    order by a.attempted_at desc limit 1`);
  return row?.fingerprint;
}

async function fraudDeclined(ctx: Ctx, songId: string, fingerprint: string): Promise<boolean> {
  const found = await ctx.db.all(sql`
    select 1 from card_attempts a left join payments p on p.id = a.payment_id
    where a.outcome = 'declined' and a.decline_code in (${FRAUD}) and (p.song_id = ${songId} or a.fingerprint = ${fingerprint})
    limit 1`);
  return found.length > 0;
}

/** Another song's recovery payment since `since`: the artist's own, or one whose offer this card's decline opened. */
async function recentOffer(ctx: Ctx, artistId: string, songId: string, fingerprint: string, since: number): Promise<boolean> {
  const found = await ctx.db.all(sql`
    select 1 from payments r
    where r.purpose = 'recovery' and r.song_id <> ${songId} and r.created_at >= ${since}
      and (r.artist_id = ${artistId} or exists (
        select 1 from card_attempts a join payments p on p.id = a.payment_id
        where p.song_id = r.song_id and ${STAGE[1].rows} and a.outcome = 'declined' and a.fingerprint = ${fingerprint}))
    limit 1`);
  return found.length > 0;
}

/**
 * Why this song may not be offered `tier`, or null when it may. Call it once a decline has opened the
 * tier (recorded-declines.ts): without one there is nothing to judge.
 */
export async function recoveryIneligibility(
  ctx: Ctx,
  offer: { artistId: string; songId: string; tier: RecoveryTier },
  now = ctx.now(),
): Promise<RecoveryIneligibility | null> {
  const firstCard = await openingCard(ctx, offer.songId, 1);
  if (!firstCard) return null;
  if (await fraudDeclined(ctx, offer.songId, firstCard)) return "fraud_decline";
  if (offer.tier === 2 && (await openingCard(ctx, offer.songId, 2)) !== firstCard) return "other_card";
  if (await recentOffer(ctx, offer.artistId, offer.songId, firstCard, now - RECOVERY_OFFER_WINDOW_MS)) return "recent_offer";
  return null;
}
