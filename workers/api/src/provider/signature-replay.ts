/**
 * A signed provider POST is accepted once: its signature (by the SHA-256 of provider and signature,
 * lower-cased so a re-cased copy is the same one) is inserted into provider_signatures with one
 * conditional INSERT, atomic in D1, before the call does anything; a replay within the 5-minute
 * window finds the row, inserts nothing and is refused (401 `replayed_signature`). Past the window the
 * timestamp refuses it anyway, and the cron deletes the row (purgeProviderSignatures).
 */
import { lt } from "drizzle-orm";
import { PROVIDER_SIGNATURE_MAX_AGE_SECONDS } from "@jplay/schema/purchases";
import { providerSignatures } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { AppError } from "../platform/errors";
import { sha256Hex } from "./provider-signature";

/** Records a verified signature as used; 401 when it was used before. */
export async function consumeSignature(ctx: Ctx, providerId: string, timestamp: string, signature: string): Promise<void> {
  const signatureHash = await sha256Hex(`${providerId}.${signature.toLowerCase()}`);
  const expiresAt = (Number(timestamp) + PROVIDER_SIGNATURE_MAX_AGE_SECONDS + 1) * 1000;
  const inserted = await ctx.db
    .insert(providerSignatures)
    .values({ signatureHash, providerId, expiresAt })
    .onConflictDoNothing()
    .returning({ signatureHash: providerSignatures.signatureHash });
  if (inserted.length === 0) {
    throw new AppError(401, "replayed_signature", "This signed call was already accepted: each call is signed anew, with the current time");
  }
}

/** The cron's housekeeping: signatures whose window has passed. */
export async function purgeProviderSignatures(ctx: Ctx, now: number): Promise<void> {
  await ctx.db.delete(providerSignatures).where(lt(providerSignatures.expiresAt, now));
}
