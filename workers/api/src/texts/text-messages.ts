/**
 * The outbox of texts to artists (table text_messages). `queueText` writes one row per event — its
 * `dedupe_key` is unique, so a redelivered webhook or job texts once — and queues a `text.send` job
 * for it (texts/jobs/send-text.ts). A number that opted out, an artist without a phone and a number that
 * cannot be texted (not a number, or in a country JPlay does not text: sms-countries.ts) get a row
 * too, `skipped` (or `failed`), so the admin sees why nothing went.
 * Artist page tokens and phone codes in a body are kept readable only while the row waits to be sent
 * (docs/decisions/026-texts-to-artists.md). The body is written here, in the artist's stored language.
 */
import { type SQL, eq, sql } from "drizzle-orm";
import { artists, type TextMessageKind, type TextMessageStatus } from "@jplay/schema/tables";
import type { Language } from "@jplay/schema/language";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
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

/** A text `queueText` writes on its own, with what must commit with it. */
export interface QueuedText extends TextRequest {
  /** The row's id, when the caller writes statements that depend on it (`textWritten`); else a new one. */
  id?: string;
  /**
   * Statements committed in the same D1 batch as the row, after it: each is to hold only when this
   * call wrote the row (`textWritten(id)`), e.g. the page link the body carries.
   */
  alongside?: readonly SQL[];
  /** Someone other than the artist (a collaborator, docs/splits.md): this phone, in this language, instead of the artist's. */
  to?: { phone: string; language: Language };
}

/** True in a statement after the text `id` was written in its batch: what `alongside` statements hold on. */
export const textWritten = (id: string): SQL => sql`exists (select 1 from text_messages where id = ${id})`;

/** `/artist/<token>` or `/collaborator/<token>` in a body: a private page link, shown only to the phone it was texted to. */
const ARTIST_LINK_TOKEN = /(\/(?:artist|collaborator)\/)[A-Za-z0-9_-]{20,}/g;
/** A phone confirmation code as texts write it (`123-456`, text-message-bodies.ts). */
const PHONE_CODE = /\b\d{3}-\d{3}\b/g;

/** The body with every artist page token and confirmation code replaced, as it is stored once sent and shown in admin. */
export const redactLinks = (body: string) => body.replace(ARTIST_LINK_TOKEN, "$1[link hidden]").replace(PHONE_CODE, "[code hidden]");

type TextStatus = { status: TextMessageStatus; error: string | null };

/** Whether a text to this stored phone can go (`queued`) or why not; the opt-out list is checked apart. */
function statusFor(env: Ctx["env"], storedPhone: string | null | undefined, phone: string | null): TextStatus {
  if (!storedPhone) return { status: "skipped", error: "The artist gave no phone number." };
  if (phone === null) return { status: "failed", error: "The phone number cannot receive texts (not a valid number)." };
  if (!textsReach(env, phone)) return { status: "failed", error: "JPlay does not text numbers in this country (SMS_COUNTRIES)." };
  return { status: "queued", error: null };
}

const OPTED_OUT: TextStatus = { status: "skipped", error: "The number opted out (STOP)." };

/**
 * Writes the row (once per dedupe key), with the request's `alongside` statements in the same batch,
 * and, when it is to be sent, queues its send job. Answers the status of the row this call wrote, or
 * null when the key had one already.
 */
export async function queueText(ctx: Ctx, text: QueuedText): Promise<TextMessageStatus | null> {
  const [artist] = text.to
    ? [text.to]
    : await ctx.db.select({ phone: artists.phone, language: artists.language }).from(artists).where(eq(artists.id, text.artistId)).limit(1);
  const body = text.write(textBodiesIn(artist?.language ?? "en"));
  const phone = toE164(artist?.phone);
  const reachable = statusFor(ctx.env, artist?.phone, phone);
  const { status, error } = reachable.status === "queued" && phone !== null && (await isOptedOut(ctx, phone)) ? OPTED_OUT : reachable;
  const id = text.id ?? crypto.randomUUID();
  const [inserted] = await runBatch(ctx.db, [
    sql`insert into text_messages (id, artist_id, to_phone, kind, dedupe_key, body, status, error)
      values (${id}, ${text.artistId}, ${phone ?? artist?.phone ?? ""}, ${text.kind}, ${text.dedupeKey},
        ${status === "queued" ? body : redactLinks(body)}, ${status}, ${error})
      on conflict (dedupe_key) do nothing`,
    ...(text.alongside ?? []),
  ]);
  if (inserted.meta.changes !== 1) return null;
  if (status === "queued") await ctx.jobs.send({ type: "text.send", messageId: id });
  return status;
}

/** A text to write in another module's D1 batch: the artist's stored phone and language come with it. */
export interface OutboxText extends TextRequest {
  phone: string | null;
  language: Language;
  /** What `onlyIf` is asked about (e.g. the payout the text tells of). */
  ref: string;
}

/**
 * One statement writing any number of texts to the outbox, for the caller's own D1 batch, so the
 * event and its text commit together (docs/decisions/076-payouts-batch-wide.md). Each row is written
 * once per dedupe key, only where `onlyIf(ref)` holds; a number on the opt-out list is `skipped` in
 * the same statement. It returns the ids of the rows it wrote `queued`, which the caller hands to one
 * `texts.send` job (`queueTextSends`); a row whose job is lost is queued again by the cron's repair.
 */
export function outboxTextsStatement(env: Ctx["env"], texts: readonly OutboxText[], onlyIf: (ref: SQL) => SQL): SQL {
  const rows = texts.map((text) => {
    const phone = toE164(text.phone);
    const body = text.write(textBodiesIn(text.language));
    const { status, error } = statusFor(env, text.phone, phone);
    return {
      id: crypto.randomUUID(),
      artistId: text.artistId,
      toPhone: phone ?? text.phone ?? "",
      kind: text.kind,
      dedupeKey: text.dedupeKey,
      body: status === "queued" ? body : redactLinks(body),
      hidden: redactLinks(body),
      status,
      error,
      ref: text.ref,
    };
  });
  const field = (name: string) => sql.raw(`json_extract(t.value, '$.${name}')`);
  const optedOut = sql`(${field("status")} = 'queued' and exists (select 1 from sms_opt_outs o where o.phone = ${field("toPhone")}))`;
  return sql`insert into text_messages (id, artist_id, to_phone, kind, dedupe_key, body, status, error)
    select ${field("id")}, ${field("artistId")}, ${field("toPhone")}, ${field("kind")}, ${field("dedupeKey")},
      case when ${optedOut} then ${field("hidden")} else ${field("body")} end,
      case when ${optedOut} then ${OPTED_OUT.status} else ${field("status")} end,
      case when ${optedOut} then ${OPTED_OUT.error} else ${field("error")} end
    from json_each(${JSON.stringify(rows)}) t
    where ${onlyIf(field("ref"))}
    on conflict (dedupe_key) do nothing
    returning id, status`;
}

/** The rows an `outboxTextsStatement` wrote `queued`, sent by one job (at most 100 ids a message). */
export async function queueTextSends(ctx: Ctx, written: D1Result): Promise<void> {
  const ids = (written.results as { id: string; status: string }[]).filter((row) => row.status === "queued").map((row) => row.id);
  for (let i = 0; i < ids.length; i += 100) await ctx.jobs.send({ type: "texts.send", messageIds: ids.slice(i, i + 100) });
}
