/**
 * The outbox of texts to artists (table text_messages). `queueText` writes one row per event — its
 * `dedupe_key` is unique, so a redelivered webhook or job texts once — and queues a `text.send` job
 * for it (texts/jobs/send-text.ts). A number that opted out, an artist without a phone and a number that
 * cannot be texted (not a number, or in a country JPlay does not text: sms-countries.ts) get a row
 * too, `skipped` (or `failed`), so the admin sees why nothing went.
 * Artist page tokens and phone codes in a body are kept readable only while the row waits to be sent
 * (docs/decisions/026-texts-to-artists.md). The body is written here, in the artist's stored language.
 */
import { eq, sql } from "drizzle-orm";
import { artists, type TextMessageKind, type TextMessageStatus } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { toE164 } from "./phone-number";
import { textsReach } from "./sms-countries";
import { isOptedOut } from "./sms-opt-outs";
import { textBodiesIn, type TextBodies } from "./text-message-bodies";

export interface TextRequest {
  artistId: string;
  kind: TextMessageKind;
  /** The event's own id, e.g. `payment_succeeded:<paymentId>`: one text per key, ever. */
  dedupeKey: string;
  /** The text, from the bodies in the artist's language. */
  write: (texts: TextBodies) => string;
}

/** `/artist/<token>` in a body: the private page link, shown only to the artist's phone. */
const ARTIST_LINK_TOKEN = /(\/artist\/)[A-Za-z0-9_-]{20,}/g;
/** A phone confirmation code as texts write it (`123-456`, text-message-bodies.ts). */
const PHONE_CODE = /\b\d{3}-\d{3}\b/g;

/** The body with every artist page token and confirmation code replaced, as it is stored once sent and shown in admin. */
export const redactLinks = (body: string) => body.replace(ARTIST_LINK_TOKEN, "$1[link hidden]").replace(PHONE_CODE, "[code hidden]");

/**
 * Writes the row (once per dedupe key) and, when it is to be sent, queues its send job. Answers the
 * status of the row this call wrote, or null when the key had one already.
 */
export async function queueText(ctx: Ctx, text: TextRequest): Promise<TextMessageStatus | null> {
  const [artist] = await ctx.db.select({ phone: artists.phone, language: artists.language }).from(artists).where(eq(artists.id, text.artistId)).limit(1);
  const body = text.write(textBodiesIn(artist?.language ?? "en"));
  const phone = toE164(artist?.phone);
  const optedOut = phone !== null && (await isOptedOut(ctx, phone));
  const { status, error } = !artist?.phone
    ? ({ status: "skipped", error: "The artist gave no phone number." } as const)
    : phone === null
      ? ({ status: "failed", error: "The phone number cannot receive texts (not a valid number)." } as const)
      : !textsReach(ctx.env, phone)
        ? ({ status: "failed", error: "JPlay does not text numbers in this country (SMS_COUNTRIES)." } as const)
        : optedOut
          ? ({ status: "skipped", error: "The number opted out (STOP)." } as const)
          : ({ status: "queued", error: null } as const);
  const id = crypto.randomUUID();
  const inserted = await ctx.db.run(sql`
    insert into text_messages (id, artist_id, to_phone, kind, dedupe_key, body, status, error)
    values (${id}, ${text.artistId}, ${phone ?? artist?.phone ?? ""}, ${text.kind}, ${text.dedupeKey},
      ${status === "queued" ? body : redactLinks(body)}, ${status}, ${error})
    on conflict (dedupe_key) do nothing`);
  if (inserted.meta.changes !== 1) return null;
  if (status === "queued") await ctx.jobs.send({ type: "text.send", messageId: id });
  return status;
}
