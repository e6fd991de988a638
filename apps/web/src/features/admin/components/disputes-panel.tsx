/**
 * Card disputes on JPlay's charges (docs/decisions/093-disputes.md): open ones first, with the day
 * Stripe needs the evidence by, the song, the artist and the amount. While a fraud chargeback is open
 * the song is held out of the catalogue and the artist's payouts wait. "Send evidence" sends the
 * distribution's records (upload and payment times, terms, confirmed phone) to Stripe, once; the row
 * then says when it went.
 */
import type { AdminDispute } from "@jplay/schema/disputes";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useDisputes, useSubmitDisputeEvidence } from "../api/disputes";
import { AdminListPanel, adminListCell as cell } from "./admin-list-panel";
import { Moment } from "./moment";
import { formatCents } from "../admin-format";

const STATUS_LABELS: Record<AdminDispute["status"], string> = {
  warning_needs_response: "Inquiry: needs a response",
  warning_under_review: "Inquiry: under review",
  warning_closed: "Inquiry closed",
  needs_response: "Needs a response",
  under_review: "Under review",
  won: "Won",
  lost: "Lost",
  prevented: "Prevented",
};

/** `submit` belongs to the panel, not the row: the row changes once the list is read again. */
function Evidence({ dispute, submit }: { dispute: AdminDispute; submit: ReturnType<typeof useSubmitDisputeEvidence> }) {
  if (dispute.evidenceSubmittedAt) {
    return (
      <span>
        Evidence sent <Moment iso={dispute.evidenceSubmittedAt} />
      </span>
    );
  }
  if (!dispute.evidenceDueBy) return <span className="text-muted">—</span>;
  const sending = submit.isPending && submit.variables.disputeId === dispute.id;
  return (
    <Button
      size="sm"
      aria-label={`Send evidence for ${dispute.songTitle ?? dispute.id}`}
      disabled={sending}
      onClick={() =>
        submit.mutate(
          { disputeId: dispute.id },
          {
            onSuccess: () => toast.success("Evidence sent", `Stripe has the records of “${dispute.songTitle ?? dispute.id}”.`),
            onError: (error) => toast.error("Evidence not sent", apiErrorMessage(error, "Please try again.")),
          },
        )
      }
    >
      {sending ? "Sending…" : "Send evidence"}
    </Button>
  );
}

export function DisputesPanel() {
  const disputes = useDisputes();
  const submit = useSubmitDisputeEvidence();
  const open = disputes.data?.openCount ?? 0;
  return (
    <AdminListPanel
      title="Disputes"
      count={disputes.data?.disputes.length ?? null}
      countNote={open > 0 ? `, ${open} open` : ""}
      description="Card disputes (chargebacks) on artists' payments, open ones first. While a fraud dispute is open the song stays out of the catalogue and the artist's payouts wait. Send the distribution's records before the evidence is due."
      read={disputes}
      noun="disputes"
      caption="Card disputes"
      columns={["Opened", "Song", "Artist", "Amount", "Status", "Evidence due", "Evidence"]}
      rows={() =>
        disputes.data?.disputes.map((dispute) => (
          <tr key={dispute.id} className="border-t border-line align-top">
            <td className={`${cell} whitespace-nowrap`}>
              <Moment iso={dispute.createdAt} />
            </td>
            <td className={cell}>{dispute.songTitle ?? "—"}</td>
            <td className={cell}>
              {dispute.artistName ?? "—"}
              {dispute.artistId && <span className="block font-mono text-muted break-all">{dispute.artistId}</span>}
            </td>
            <td className={`${cell} tabular-nums`}>
              {formatCents(dispute.amountCents)}
              {dispute.feeCents > 0 && <span className="block text-muted">+ {formatCents(dispute.feeCents)} fee</span>}
            </td>
            <td className={cell}>
              {STATUS_LABELS[dispute.status]}
              <span className="block text-muted">{dispute.reason.replaceAll("_", " ")}</span>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{dispute.evidenceDueBy ? <Moment iso={dispute.evidenceDueBy} /> : "—"}</td>
            <td className={cell}>
              <Evidence dispute={dispute} submit={submit} />
            </td>
          </tr>
        ))
      }
    />
  );
}
