/**
 * `text.send`: sends one queued outbox row (texts/text-messages.ts) through the configured SMS
 * provider (texts/sms-provider.ts). A row is sent at most once per claim: each attempt first
 * counts itself on the row (`attempts`, guarded by the count it read), so two deliveries of the same
 * message cannot both reach Twilio. Twilio unreachable (5xx, 429, network) → thrown, the queue retries
 * it; refused (4xx) → `failed` with Twilio's error, and 21610 (the number answered STOP to our sender)
 * also puts the number on the opt-out list. Once sent, logged or failed, the stored body no longer
 * holds the artist's page token (docs/decisions/026-texts-to-artists.md). `texts.send` sends several
 * rows written in one batch (a payout batch's texts, docs/decisions/076-payouts-batch-wide.md) at once.
 */
import type { Ctx } from "../../platform/context";
import { SmsProviderUnavailable, TWILIO_UNSUBSCRIBED_RECIPIENT, sendWithTwilio, smsProvider } from "../sms-provider";
import { isOptedOut, optOut } from "../sms-opt-outs";
import { claimTextSend, noteTextError, settleText, textById } from "../text-sends";

export const NO_PROVIDER_ERROR = "no SMS provider configured";

let missingProviderLogged = false;

export async function sendText(ctx: Ctx, messageId: string): Promise<void> {
  const now = ctx.now();
  const row = await textById(ctx, messageId);
  if (!row) throw new Error(`text.send: no text message ${messageId}`);
  if (row.status !== "queued") return; // settled by an earlier delivery

  if (await isOptedOut(ctx, row.toPhone)) return settleText(ctx, row, { status: "skipped", error: "The number opted out (STOP)." });

  const provider = smsProvider(ctx.env);
  if (provider.kind === "none") {
    if (!missingProviderLogged) {
      missingProviderLogged = true;
      console.error(JSON.stringify({ level: "error", msg: "texts cannot be sent: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER" }));
    }
    return settleText(ctx, row, { status: "failed", error: NO_PROVIDER_ERROR });
  }
  if (provider.kind === "log") {
    // Development and tests: the text as it would have gone, one JSON line.
    console.log(JSON.stringify({ level: "info", msg: "text message (no SMS provider configured)", id: row.id, to: row.toPhone, kind: row.kind, body: row.body }));
    return settleText(ctx, row, { status: "logged", sentAt: now });
  }

  if (!(await claimTextSend(ctx, row))) return; // another delivery of this message is sending it

  let answer;
  try {
    answer = await sendWithTwilio(provider.config, { to: row.toPhone, body: row.body });
  } catch (error) {
    if (error instanceof SmsProviderUnavailable) await noteTextError(ctx, row.id, error.message);
    throw error;
  }
  if (answer.ok) return settleText(ctx, row, { status: "sent", providerMessageId: answer.providerMessageId, sentAt: now });
  if (answer.code === TWILIO_UNSUBSCRIBED_RECIPIENT) await optOut(ctx, row.toPhone);
  return settleText(ctx, row, { status: "failed", error: answer.code === null ? answer.message : `Twilio ${answer.code}: ${answer.message}` });
}

/**
 * `texts.send`: the rows at once. One that cannot be sent now fails the message after the others have
 * gone; the queue's retry skips the rows already settled, so each is still sent once.
 */
export async function sendTexts(ctx: Ctx, messageIds: readonly string[]): Promise<void> {
  const outcomes = await Promise.allSettled(messageIds.map((id) => sendText(ctx, id)));
  const failed = outcomes.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
}
