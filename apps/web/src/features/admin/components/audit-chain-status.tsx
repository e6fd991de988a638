/**
 * The audit log's hash chain as the Compliance tab shows it (docs/decisions/087-audit-log-hash-chain.md):
 * verified, with how many records and the newest seal (to note down outside JPlay, so that the log
 * cannot be rewritten from its start unseen), or where it breaks: the first record changed, removed or
 * slipped in after it was sealed.
 */
import { Button } from "@/components/ui/button";
import { useAuditChain } from "../api/compliance";

const records = (n: number) => `${n.toLocaleString("en-US")} record${n === 1 ? "" : "s"}`;

export function AuditChainStatus() {
  const chain = useAuditChain();
  const again = (
    <Button variant="secondary" size="sm" onClick={() => void chain.refetch()} aria-busy={chain.isFetching} disabled={chain.isFetching}>
      Check again
    </Button>
  );
  if (chain.isPending) return <p role="status">Checking the audit log's seals…</p>;
  if (chain.isError) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p role="alert">The audit log's seals could not be checked.</p>
        {again}
      </div>
    );
  }
  const { ok, rows, firstBrokenId, headHash, unsealed } = chain.data;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface px-4 py-2 text-sm">
      {ok ? (
        <p role="status">
          <strong>Audit chain verified:</strong> {records(rows)}, each sealed to the one before
          {headHash ? (
            <>
              {" "}
              (newest seal <code title={headHash}>{headHash.slice(0, 16)}…</code>)
            </>
          ) : null}
          {unsealed > 0 ? `; ${records(unsealed)} written since, sealed at the next check` : ""}.
        </p>
      ) : (
        <p role="alert">
          <strong>Audit chain broken at record {firstBrokenId}:</strong> that record, or the one before it, was changed or removed after it was sealed (
          {records(rows)} before it verified).
        </p>
      )}
      {again}
    </div>
  );
}
