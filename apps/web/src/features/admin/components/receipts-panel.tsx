/**
 * Listeners' receipts for operators: look one up by its id (valid, revoked or rights-removed; how often
 * redeemed; failed downloads and any credit, or one waiting for review), revoke it with a reason the receipt keeps, and the
 * redemptions per provider.
 */
import { useState, type FormEvent } from "react";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { RevokeReceiptSchema, type AdminReceipt } from "@jplay/schema/receipts";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useAdminReceipt, useRedemptionsByProvider, useRevokeReceipt } from "../api/receipts";
import { adminListCell as cell } from "./admin-list-panel";
import { textAreaClass } from "./reason-dialog";
import { formatCents, formatMoment } from "../admin-format";

const STATE_WORDS: Record<AdminReceipt["state"], string> = { valid: "Valid", revoked: "Revoked", rights_removed: "Rights removed (refunded)" };
const when = (iso: string | null) => (iso ? formatMoment(iso) : "—");
const CREDIT_WORDS: Record<AdminReceipt["credit"], (receipt: AdminReceipt) => string> = {
  none: () => "",
  credited: (receipt) => ` — credited ${formatCents(receipt.creditedCents)}`,
  queued: () => " — credit waiting for review",
  denied: () => " — credit denied",
};

function RevokeForm({ receipt }: { receipt: AdminReceipt }) {
  const revoke = useRevokeReceipt();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = v.safeParse(RevokeReceiptSchema, { reason });
    if (!checked.success) return setProblem(firstIssue(checked.issues));
    setProblem(null);
    revoke.mutate(
      { receiptId: receipt.receiptId, reason: checked.output.reason },
      {
        onSuccess: () => toast.success("Receipt revoked", "It is refused at every provider from now on."),
        onError: (error) => setProblem(apiErrorMessage(error, "The receipt could not be revoked. Please try again.")),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Field label="Reason for revoking" hint="Kept on the receipt with your name and the time. 3 to 500 characters." error={problem}>
        {(control) => (
          <textarea
            {...control}
            name="revoke-reason"
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            className={textAreaClass(Boolean(problem))}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" disabled={revoke.isPending} aria-busy={revoke.isPending}>
        {revoke.isPending ? "Revoking…" : "Revoke receipt"}
      </Button>
    </form>
  );
}

function ReceiptDetails({ receipt }: { receipt: AdminReceipt }) {
  const rows: Array<[string, string]> = [
    ["State", STATE_WORDS[receipt.state]],
    ["Song", `${receipt.title} (${receipt.songId})`],
    ["ISRC", receipt.isrc ?? "—"],
    ["Listener", receipt.listenerId],
    ["Price", formatCents(receipt.priceCents)],
    ["Bought", when(receipt.purchasedAt)],
    ["Redeemed", `${receipt.redemptions} times${receipt.lastRedeemedAt ? `, last ${when(receipt.lastRedeemedAt)}` : ""}`],
    ["Failed downloads", `${receipt.failedDownloads}${CREDIT_WORDS[receipt.credit](receipt)}`],
    ["Signing key", receipt.kid],
  ];
  if (receipt.revokedAt) rows.splice(1, 0, ["Revoked", `${when(receipt.revokedAt)} by ${receipt.revokedBy ?? "—"}: ${receipt.revokedReason ?? "—"}`]);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {receipt.revokedAt === null && <RevokeForm receipt={receipt} />}
    </div>
  );
}

function RedemptionsByProvider() {
  const redemptions = useRedemptionsByProvider();
  if (redemptions.isPending) return <p className="text-muted">Loading redemptions...</p>;
  if (redemptions.isError) return <p role="alert">{apiErrorMessage(redemptions.error, "The redemptions could not be loaded.")}</p>;
  if (redemptions.data.providers.length === 0) return <p className="text-muted">No receipt has been redeemed yet.</p>;
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Redemptions per provider</caption>
      <thead className="text-muted">
        <tr>
          {["Provider", "Redemptions", "Receipts", "Listeners", "Last"].map((column) => (
            <th key={column} scope="col" className={cell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {redemptions.data.providers.map((row) => (
          <tr key={row.providerId} className="border-t border-line">
            <td className={`${cell} font-mono`}>{row.providerId}</td>
            <td className={cell}>{row.redemptions}</td>
            <td className={cell}>{row.receipts}</td>
            <td className={cell}>{row.listeners}</td>
            <td className={cell}>{when(row.lastAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ReceiptsPanel() {
  const [typed, setTyped] = useState("");
  const [looked, setLooked] = useState<string | null>(null);
  const receipt = useAdminReceipt(looked);

  return (
    <details className="rounded-2xl border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold">Receipts</summary>
      <div className="mt-3 space-y-4 text-sm">
        <p className="text-muted">Listeners' signed receipts: look one up by its id (the receipt's jti), revoke it, and see redemptions per provider.</p>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setLooked(typed.trim() || null);
          }}
        >
          <label className="min-w-64 flex-1 space-y-1">
            <span className="block font-semibold">Receipt id</span>
            <input name="receipt-id" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} className={inputClass(false)} />
          </label>
          <Button type="submit">Look up</Button>
        </form>
        {looked !== null && receipt.isPending && <p className="text-muted">Looking up the receipt...</p>}
        {receipt.isError && <p role="alert">{apiErrorMessage(receipt.error, "The receipt could not be looked up.")}</p>}
        {receipt.data && <ReceiptDetails receipt={receipt.data} />}
        <h3 className="font-semibold">Redemptions per provider</h3>
        <RedemptionsByProvider />
      </div>
    </details>
  );
}
