/**
 * `text.send` and `texts.send`: send queued outbox rows (texts/text-messages.ts) through the
 * configured SMS provider (texts/sms-provider.ts). A row is sent at most once per claim: each attempt
 * first counts itself on the row (`attempts`, guarded by the count it read), so two deliveries of the
 * same message cannot both reach Twilio. Twilio unreachable (5xx, 429, network) → thrown, the queue retries
 * it; refused (4xx) → `failed` with Twilio's error, and 21610 (the number answered STOP to our sender)
 * also puts the number on the opt-out list. Once sent, logged or failed, the stored body no longer
 * holds the artist's page token (docs/decisions/026-texts-to-artists.md). `texts.send` carries the rows
 * written in one batch (a payout batch's texts, docs/decisions/076-payouts-batch-wide.md).
 */
import type { Ctx } from "../../platform/context";
import { SmsProviderUnavailable, TWILIO_UNSUBSCRIBED_RECIPIENT, type TwilioConfig, sendWithTwilio, smsProvider } from "../sms-provider";
import { optOut, optedOutAmong } from "../sms-opt-outs";
import { type TextRow, type TextSettlement, claimTextSends, noteTextError, settleTexts, textsByIds } from "../text-sends";

export const NO_PROVIDER_ERROR = "no SMS provider configured";

let missingProviderLogged = false;

/** `text.send`: one queued row. */
export const sendText = (ctx: Ctx, messageId: string) => sendTexts(ctx, [messageId]);

/** Ids a job carries at most (D1's 100 parameters a statement, with room). */
const TEXTS_PER_READ = 90;

/**
 * `texts.send`: the rows at once, read, claimed and settled a statement each. One that cannot be sent
 * now (Twilio unreachable) fails the message after the others have been settled; the queue's retry
 * skips the rows already settled, so each is still sent once.
 */
export async function sendTexts(ctx: Ctx, messageIds: readonly string[]): Promise<void> {
  for (let i = 0; i < messageIds.length; i += TEXTS_PER_READ) await sendSome(ctx, messageIds.slice(i, i + TEXTS_PER_READ));
}

async function sendSome(ctx: Ctx, messageIds: readonly string[]): Promise<void> {
  const now = ctx.now();
  const rows = await textsByIds(ctx, messageIds);
  const missing = messageIds.filter((id) => !rows.some((row) => row.id === id));
  const queued = rows.filter((row) => row.status === "queued"); // the others were settled by an earlier delivery
  const optedOut = await optedOutAmong(
    ctx,
    queued.map((row) => row.toPhone),
  );
  const settlements: TextSettlement[] = queued
    .filter((row) => optedOut.has(row.toPhone))
    .map((row) => ({ row, status: "skipped", error: "The number opted out (STOP)." }));
  const toSend = queued.filter((row) => !optedOut.has(row.toPhone));

  const provider = smsProvider(ctx.env);
  let unavailable: unknown = null;
  if (provider.kind === "none" && toSend.length > 0) {
    if (!missingProviderLogged) {
      missingProviderLogged = true;
      console.error(JSON.stringify({ level: "error", msg: "texts cannot be sent: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER" }));
    }
    settlements.push(...toSend.map((row): TextSettlement => ({ row, status: "failed", error: NO_PROVIDER_ERROR })));
  } else if (provider.kind === "log") {
    // Development and tests: each text as it would have gone, one JSON line.
    for (const row of toSend)
      console.log(
        JSON.stringify({ level: "info", msg: "text message (no SMS provider configured)", id: row.id, to: row.toPhone, kind: row.kind, body: row.body }),
      );
    settlements.push(...toSend.map((row): TextSettlement => ({ row, status: "logged", sentAt: now })));
  } else if (provider.kind === "twilio") {
    const sent = await sendThroughTwilio(ctx, provider.config, toSend, now);
    settlements.push(...sent.settlements);
    unavailable = sent.unavailable;
  }
  await settleTexts(ctx, settlements);
  if (unavailable) throw unavailable;
  if (missing.length > 0) throw new Error(`text.send: no text message ${missing.join(", ")}`);
}

/**
 * Each row this delivery claims, sent at once. Refused (4xx) → `failed` with Twilio's error, and 21610
 * also puts the number on the opt-out list; unreachable → the row stays queued with the reason, and
 * the error is answered for the queue to retry.
 */
async function sendThroughTwilio(
  ctx: Ctx,
  config: TwilioConfig,
  rows: TextRow[],
  now: number,
): Promise<{ settlements: TextSettlement[]; unavailable: unknown }> {
  const claimed = await claimTextSends(ctx, rows); // a row left out is being sent by another delivery
  const settlements: TextSettlement[] = [];
  let unavailable: unknown = null;
  await Promise.all(
    rows
      .filter((row) => claimed.has(row.id))
      .map(async (row) => {
        try {
          const answer = await sendWithTwilio(config, { to: row.toPhone, body: row.body });
          if (answer.ok) return settlements.push({ row, status: "sent", providerMessageId: answer.providerMessageId, sentAt: now });
          if (answer.code === TWILIO_UNSUBSCRIBED_RECIPIENT) await optOut(ctx, row.toPhone);
          return settlements.push({ row, status: "failed", error: answer.code === null ? answer.message : `Twilio ${answer.code}: ${answer.message}` });
        } catch (error) {
          if (error instanceof SmsProviderUnavailable) await noteTextError(ctx, row.id, error.message);
          unavailable ??= error;
        }
      }),
  );
  return { settlements, unavailable };
}
