/**
 * Failed-download credits waiting for review: a provider earns its listeners only so many credits a
 * day on its reports alone (DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY); the rest wait here for an operator.
 * Approve writes the credit (the listener is credited the price through the provider, at JPlay's
 * cost); Deny means it is never written. Each decision keeps the operator's name.
 */
import type { AdminDownloadCredit } from "@jplay/schema/receipts";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { type CreditDecision, useDecideDownloadCredit, useDownloadCreditQueue } from "../api/download-credits";
import { AdminListPanel, adminListCell as cell } from "./admin-list-panel";
import { Moment } from "./moment";
import { formatCents } from "../admin-format";

/** `decide` belongs to the panel, not the row: a decided credit's row leaves the list before the toast is shown. */
function Decisions({ credit, decide }: { credit: AdminDownloadCredit; decide: ReturnType<typeof useDecideDownloadCredit> }) {
  const deciding = decide.isPending && decide.variables.receiptId === credit.receiptId;
  const send = (decision: CreditDecision) =>
    decide.mutate(
      { receiptId: credit.receiptId, decision },
      {
        onSuccess: (decided) =>
          decided.status === "credited"
            ? toast.success("Credit approved", `${formatCents(decided.amountCents)} credited for “${decided.title}” (receipt ${decided.receiptId}).`)
            : toast.success("Credit denied", `No credit is written for “${decided.title}” (receipt ${decided.receiptId}).`),
        onError: (error) => toast.error(decision === "approve" ? "Credit not approved" : "Credit not denied", apiErrorMessage(error, "Please try again.")),
      },
    );
  return (
    <div className="flex gap-2">
      <Button size="sm" aria-label={`Approve the credit for ${credit.title}`} disabled={deciding} onClick={() => send("approve")}>
        Approve
      </Button>
      <Button size="sm" variant="secondary" aria-label={`Deny the credit for ${credit.title}`} disabled={deciding} onClick={() => send("deny")}>
        Deny
      </Button>
    </div>
  );
}

export function DownloadCreditsPanel() {
  const queue = useDownloadCreditQueue();
  const decide = useDecideDownloadCredit();
  const total = queue.data?.total ?? null;
  const shown = queue.data?.credits.length ?? 0;
  return (
    <AdminListPanel
      title="Download credits waiting for review"
      count={total}
      description={`Credits for failed downloads a provider earned past its daily limit, oldest first${total !== null && total > shown ? ` (the first ${shown})` : ""}. Approve credits the listener the price through the provider; Deny writes nothing.`}
      read={queue}
      noun="credits waiting for review"
      caption="Failed-download credits waiting for review"
      columns={["Queued", "Song", "Receipt", "Provider", "Failed downloads", "Amount", "Decision"]}
      rows={() =>
        queue.data?.credits.map((credit) => (
          <tr key={credit.receiptId} className="border-t border-line align-top">
            <td className={`${cell} whitespace-nowrap`}>
              <Moment iso={credit.requestedAt} />
            </td>
            <td className={cell}>{credit.title}</td>
            <td className={`${cell} font-mono break-all`}>{credit.receiptId}</td>
            <td className={`${cell} font-mono`}>{credit.providerId}</td>
            <td className={`${cell} tabular-nums`}>{credit.failures}</td>
            <td className={`${cell} tabular-nums`}>{formatCents(credit.amountCents)}</td>
            <td className={cell}>
              <Decisions credit={credit} decide={decide} />
            </td>
          </tr>
        ))
      }
    />
  );
}
