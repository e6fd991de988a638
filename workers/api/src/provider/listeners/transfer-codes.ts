/**
 * Moving a listener to another provider (docs/decisions/086-listeners-held-by-one-provider.md): the
 * holder — or the listener's tablet, with the token the holder signed — asks for a transfer code and
 * hands it over; the new provider redeems it and holds the listener from then on. A listener id alone
 * never moves anyone. A code is a bearer secret (32 random bytes, platform/secret-token.ts) of which
 * only the SHA-256 is kept; it works once, for TRANSFER_CODE_TTL_MS, for the listener it was issued
 * for, and only while the provider that issued it still holds them. Asking for a new code voids the
 * listener's unused ones. Every refusal is the same 404, so a caller learns nothing about a code it
 * does not hold.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { type ListenerTransferAnswer, type ListenerTransferRequest, TRANSFER_CODE_TTL_MS, type TransferCodeAnswer } from "@jplay/schema/receipts";
import { listenerTransferCodes } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { hashSecretToken, newSecretToken } from "../../platform/secret-token";
import { requireHolder } from "./listener-holders";

/** Issues a code for `listenerId`, whom `providerId` must hold (404 otherwise). */
export async function issueTransferCode(ctx: Ctx, providerId: string, listenerId: string, now = ctx.now()): Promise<TransferCodeAnswer> {
  await requireHolder(ctx, providerId, listenerId);
  const code = newSecretToken();
  const expiresAt = now + TRANSFER_CODE_TTL_MS;
  await ctx.db.batch([
    ctx.db.delete(listenerTransferCodes).where(and(eq(listenerTransferCodes.listenerId, listenerId), isNull(listenerTransferCodes.usedAt))),
    ctx.db.insert(listenerTransferCodes).values({ codeHash: await hashSecretToken(code), listenerId, fromProviderId: providerId, createdAt: now, expiresAt }),
  ]);
  console.log(JSON.stringify({ level: "info", message: "listener transfer code issued", providerId }));
  return { listenerId, code, expiresAt: new Date(expiresAt).toISOString() };
}

const unknownCode = () =>
  new AppError(
    404,
    "unknown_transfer_code",
    "This transfer code does not move this listener: it was not issued for them, it was used or voided, it expired, or their provider changed since",
  );

/** Redeems a code: `providerId` holds the listener from now on. 404 `unknown_transfer_code`, nothing written, for any code that does not move them. */
export async function redeemTransferCode(ctx: Ctx, providerId: string, request: ListenerTransferRequest, now = ctx.now()): Promise<ListenerTransferAnswer> {
  const codeHash = await hashSecretToken(request.code);
  // One batch (one transaction): the code is spent only together with the move it makes.
  const [spent] = await runBatch(ctx.db, [
    sql`update listener_transfer_codes set used_at = ${now}, used_by = ${providerId}
      where code_hash = ${codeHash} and listener_id = ${request.listenerId} and used_at is null and expires_at > ${now}
        and from_provider_id <> ${providerId}
        and exists (select 1 from listener_holders h where h.listener_id = listener_transfer_codes.listener_id and h.provider_id = listener_transfer_codes.from_provider_id)`,
    sql`update listener_holders set provider_id = ${providerId}, since = ${now}
      where listener_id = ${request.listenerId}
        and provider_id = (select from_provider_id from listener_transfer_codes where code_hash = ${codeHash} and used_by = ${providerId} and used_at = ${now})`,
  ]);
  if (spent.meta.changes !== 1) throw unknownCode();
  console.log(JSON.stringify({ level: "info", message: "listener transferred", providerId }));
  return { listenerId: request.listenerId, providerId };
}
