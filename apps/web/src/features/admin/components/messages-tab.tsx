/**
 * The Messages tab: the texts sent to artists' phones (card saved, payments, songs live or rejected,
 * payouts), newest first, 50 a page, with what became of each (sent, logged locally, failed, skipped
 * for a number that said STOP). Link tokens never reach this screen (the API hides them). Below the
 * list, an operator can mark a number as opted out.
 */
import { useState, type FormEvent } from "react";
import type { AdminTextMessage } from "@jplay/schema/text-messages";
import { Button } from "@/components/ui/button";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { useMarkOptedOut, useTextMessages } from "../api/get-text-messages";
import { Moment } from "./moment";

const KIND_LABELS: Record<AdminTextMessage["kind"], string> = {
  card_saved: "Card saved",
  payment_succeeded: "Payment succeeded",
  payment_failed: "Payment failed",
  song_distributed: "Song live",
  song_rejected: "Song rejected",
  song_taken_down: "Song taken down",
  song_restored: "Song restored",
  song_held: "Song held at a facility",
  payout_sent: "Payout sent",
  payout_reversed: "Payout taken back",
  payout_failed: "Payout not taken by the card",
  renewal_needs_confirmation: "Renewal to confirm",
  phone_code: "Phone code",
  opted_out: "Opted out",
  split_share_returning: "Split share returning",
  split_invitation: "Collaborator invited",
  song_already_in_catalogue: "Song already on JPlay",
};

const cell = tableCell("panel");
const when = (iso: string | null) => (iso ? <Moment iso={iso} /> : "—");

function OptOutForm() {
  const [phone, setPhone] = useState("");
  const markOptedOut = useMarkOptedOut();
  function submit(event: FormEvent) {
    event.preventDefault();
    markOptedOut.mutate({ phone });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className="space-y-1 text-sm">
        <span className="block font-semibold">Mark a number opted out</span>
        <input
          type="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          className={inputClass(markOptedOut.isError, "w-56")}
          placeholder="+1 555 010 1234"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={markOptedOut.isPending || phone.trim() === ""}>
        Mark opted out
      </Button>
      <p aria-live="polite" className="w-full text-sm">
        {markOptedOut.isError ? (
          <span className="text-red-600 dark:text-red-400">{apiErrorMessage(markOptedOut.error, "The number could not be marked. Please try again.")}</span>
        ) : markOptedOut.isSuccess ? (
          `${markOptedOut.data.phone} gets no more texts.`
        ) : null}
      </p>
    </form>
  );
}

export function MessagesTab() {
  // The cursors of the pages walked so far: the first page has none; Previous drops the last.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = cursors.length;
  const messages = useTextMessages(cursors.at(-1) ?? null);
  const next = messages.data?.nextCursor ?? null;
  return (
    <div className="space-y-4">
      {messages.isPending ? (
        <p role="status" className="py-6 text-center text-muted">
          Loading messages...
        </p>
      ) : messages.isError ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {apiErrorMessage(messages.error, "The messages could not be loaded. Please try again.")}
        </p>
      ) : messages.data.messages.length === 0 && page === 1 ? (
        <p className="py-6 text-center text-muted">No messages yet</p>
      ) : (
        <>
          <DataTable caption="Texts sent to artists, newest first" headings={["To", "Kind", "Status", "Message", "Created", "Sent"]} size="panel">
            {messages.data.messages.map((message) => (
              <tr key={message.id}>
                <td className={`${cell} font-mono whitespace-nowrap`}>{message.toPhone}</td>
                <td className={cell}>{KIND_LABELS[message.kind]}</td>
                <td className={cell}>
                  <span className="font-semibold capitalize">{message.status}</span>
                  {message.error ? <div className="text-xs text-muted">{message.error}</div> : null}
                </td>
                <td className={`${cell} max-w-md break-words`}>{message.body}</td>
                <td className={`${cell} whitespace-nowrap`}>{when(message.createdAt)}</td>
                <td className={`${cell} whitespace-nowrap`}>{when(message.sentAt)}</td>
              </tr>
            ))}
          </DataTable>
          <nav aria-label="Messages pages" className="flex items-center gap-3">
            <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setCursors((current) => current.slice(0, -1))}>
              Previous
            </Button>
            <span className="text-sm text-muted" aria-live="polite">
              Page {page}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={next === null || messages.isPlaceholderData}
              onClick={() => setCursors((current) => [...current, next])}
            >
              Next
            </Button>
          </nav>
        </>
      )}
      <OptOutForm />
    </div>
  );
}
