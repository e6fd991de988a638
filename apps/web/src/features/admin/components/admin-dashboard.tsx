/**
 * The signed-in admin portal (docs/product.md, Screens): toolbar, summary cards, search and the three tabs,
 * plus the confirm and details dialogs. The list comes a page of artists at a time, searched on the
 * server once typing pauses ("Load more" asks for the next page), and the summary cards are the
 * server's counts, so the screen costs the same at 100,000 artists as at 100; the tables render only
 * visible rows.
 */
import { useEffect, useMemo, useState, type ReactNode } from "react";
import * as Tabs from "@radix-ui/react-tabs";
import { ADMIN_PAGE_ARTISTS, type AdminPaymentRecord, type AdminPaymentsSummary, type AdminSessionResponse } from "@jplay/schema/admin";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { SearchIcon } from "@/components/ui/icons";
import { hasErrorCode } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { invalidate, queryClient } from "@/lib/query";
import { failedPaymentsView, initialCharge, retriesForSelection, songRetry, songRows, type SongRow } from "../admin-data";
import { adminKeys } from "../api/admin-keys";
import { useAdminPayments, useRefreshAdminPayments } from "../api/get-admin-payments";
import { useSignOutAdmin } from "../api/sign-out-admin";
import { useRunCharges } from "../use-run-charges";
import { useSettledValue } from "../use-settled-value";
import { ArtistDetailsDialog } from "./artist-details-dialog";
import { CatalogueTab } from "./catalogue-tab";
import { ComplianceTab } from "./compliance-tab";
import { ConfirmChargesDialog, type PendingConfirmation } from "./confirm-charges-dialog";
import { DistributionStatusTab } from "./distribution-status-tab";
import { FailedJobsPanel } from "./failed-jobs-panel";
import { FailedPaymentsTab } from "./failed-payments-tab";
import { MessagesTab } from "./messages-tab";
import { PaymentMethodsTab } from "./payment-methods-tab";
import { PaymentMismatchesPanel } from "./payment-mismatches-panel";
import { DownloadCreditsPanel } from "./download-credits-panel";
import { PurchaseMismatchesPanel } from "./purchase-mismatches-panel";
import { ReceiptsPanel } from "./receipts-panel";
import { RecoveryPaymentsPanel } from "./recovery-payments-panel";
import { RefundsPanel } from "./refunds-panel";
import { DisputesPanel } from "./disputes-panel";
import { ReviewTab, ReviewTabLabel } from "./review-tab";
import { PayoutFundingPanel } from "./payout-funding-panel";
import { TaxYearExport } from "./tax-year-export";
import { RevenuePanel } from "./revenue-panel";
import { AdminLoading, AdminLoadError } from "./admin-states";

const tabTriggerClass = cn(
  "rounded-full px-4 py-2 text-sm font-semibold text-muted transition-colors",
  "hover:text-fg data-[state=active]:bg-accent data-[state=active]:text-accent-fg",
);

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-3xl font-extrabold tabular-nums">{value.toLocaleString()}</dd>
    </div>
  );
}

/** How long typing must pause before the search is sent. */
const SEARCH_SETTLE_MS = 250;

/** The next page of artists, when there is one. */
interface MorePages {
  hasMore: boolean;
  loading: boolean;
  load: () => void;
}

function Dashboard({
  records,
  summary,
  search,
  onSearchChange,
  searching,
  more,
  processing,
  onCharge,
  refreshButton,
  signOutButton,
}: {
  records: AdminPaymentRecord[];
  summary: AdminPaymentsSummary;
  search: string;
  onSearchChange: (search: string) => void;
  /** The records shown are not yet the answer to what is typed. */
  searching: boolean;
  more: MorePages;
  processing: boolean;
  onCharge: (pending: PendingConfirmation) => void;
  refreshButton: ReactNode;
  signOutButton: ReactNode;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PendingConfirmation | null>(null);

  const shown = records;
  const failedView = useMemo(() => failedPaymentsView(shown), [shown]);
  const distributionRows = useMemo(() => songRows(shown), [shown]);
  const selectedShown = useMemo(() => shown.filter((record) => selected.has(record.paymentMethodId)), [shown, selected]);

  // Cards that disappeared from the data (refetch) leave the selection.
  useEffect(() => {
    setSelected((current) => {
      const present = new Set(records.map((record) => record.paymentMethodId));
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [records]);

  function toggle(paymentMethodId: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(paymentMethodId);
      else next.delete(paymentMethodId);
      return next;
    });
  }

  function toggleAll(checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const record of shown) {
        if (checked) next.add(record.paymentMethodId);
        else next.delete(record.paymentMethodId);
      }
      return next;
    });
  }

  function retrySelected() {
    const charges = retriesForSelection(selectedShown, new Set(selectedShown.map((record) => record.paymentMethodId)));
    if (charges.length === 0) {
      onCharge({ kind: "retry", charges: [] }); // answers with the 'No Failed Payments' toast
      return;
    }
    setConfirming({ kind: "retry", charges });
  }

  function confirm(pending: PendingConfirmation) {
    setConfirming(null);
    setSelected(new Set());
    onCharge(pending);
  }

  return (
    <>
      <div className="flex flex-wrap gap-3">
        {refreshButton}
        <Button variant="secondary" disabled={shown.length === 0} onClick={() => void import("../csv").then((csv) => csv.downloadPaymentsCsv(shown))}>
          Export CSV
        </Button>
        <Button onClick={retrySelected} disabled={selectedShown.length === 0 || processing} aria-describedby="retry-selected-hint">
          Retry Selected
        </Button>
        {signOutButton}
        <span id="retry-selected-hint" className="sr-only">
          Retries the failed song payments of the selected payment methods after a confirmation.
        </span>
      </div>

      <dl className="grid gap-4 sm:grid-cols-3">
        <SummaryCard label="Total Artists" value={summary.totalArtists} />
        <SummaryCard label="Payment Methods" value={summary.paymentMethods} />
        <SummaryCard label="Pending Payments" value={summary.pendingPayments} />
      </dl>

      <div className="space-y-1">
        <div className="relative max-w-xl">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
          <input
            type="search"
            aria-label="Search payment methods"
            placeholder="Search by name, email, phone, card last 4 or song title"
            value={search}
            onChange={(event) => onSearchChange(event.currentTarget.value)}
            className={inputClass(false, "pl-10")}
          />
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          Showing {shown.length.toLocaleString()} of {summary.paymentMethods.toLocaleString()} payment methods
        </p>
      </div>

      <Tabs.Root defaultValue="payment-methods" className={cn("space-y-4", searching && "opacity-80")}>
        <Tabs.List aria-label="Admin views" className="inline-flex flex-wrap gap-1 rounded-full border border-line bg-surface p-1">
          <Tabs.Trigger value="payment-methods" className={tabTriggerClass}>
            Payment Methods
          </Tabs.Trigger>
          <Tabs.Trigger value="failed-payments" className={tabTriggerClass}>
            Failed Payments
          </Tabs.Trigger>
          <Tabs.Trigger value="distribution-status" className={tabTriggerClass}>
            Distribution Status
          </Tabs.Trigger>
          <Tabs.Trigger value="review" className={tabTriggerClass}>
            <ReviewTabLabel />
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabTriggerClass}>
            Messages
          </Tabs.Trigger>
          <Tabs.Trigger value="catalogue" className={tabTriggerClass}>
            Catalogue
          </Tabs.Trigger>
          <Tabs.Trigger value="compliance" className={tabTriggerClass}>
            Compliance
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="payment-methods">
          <PaymentMethodsTab records={shown} selected={selected} onToggle={toggle} onToggleAll={toggleAll} onViewDetails={setDetailsFor} />
        </Tabs.Content>
        <Tabs.Content value="failed-payments">
          <FailedPaymentsTab
            view={failedView}
            processing={processing}
            onChargeInitial={(unpaid) => setConfirming({ kind: "initial", charges: unpaid.map(initialCharge) })}
            onRetrySong={(row: SongRow) => setConfirming({ kind: "retry", charges: [songRetry(row)] })}
          />
        </Tabs.Content>
        <Tabs.Content value="distribution-status">
          <DistributionStatusTab rows={distributionRows} />
        </Tabs.Content>
        <Tabs.Content value="review">
          <ReviewTab />
        </Tabs.Content>
        <Tabs.Content value="messages">
          <MessagesTab />
        </Tabs.Content>
        <Tabs.Content value="catalogue">
          <CatalogueTab />
        </Tabs.Content>
        <Tabs.Content value="compliance">
          <ComplianceTab />
        </Tabs.Content>
      </Tabs.Root>

      {more.hasMore && (
        <div>
          <Button variant="secondary" onClick={more.load} disabled={more.loading} aria-busy={more.loading} aria-describedby="load-more-hint">
            {more.loading ? "Loading more…" : "Load more"}
          </Button>
          <span id="load-more-hint" className="sr-only">
            Adds the next {ADMIN_PAGE_ARTISTS} artists to the tables above.
          </span>
        </div>
      )}

      <PayoutFundingPanel />
      <RevenuePanel />
      <TaxYearExport />

      <FailedJobsPanel />
      <PaymentMismatchesPanel />
      <PurchaseMismatchesPanel />
      <RecoveryPaymentsPanel />
      <RefundsPanel />
      <DisputesPanel />
      <DownloadCreditsPanel />
      <ReceiptsPanel />

      <ConfirmChargesDialog pending={confirming} onCancel={() => setConfirming(null)} onConfirm={confirm} />
      <ArtistDetailsDialog artistId={detailsFor} onClose={() => setDetailsFor(null)} />
    </>
  );
}

export function AdminDashboard({ method }: { method: AdminSessionResponse["method"] }) {
  const [search, setSearch] = useState("");
  const settledSearch = useSettledValue(search.trim(), SEARCH_SETTLE_MS);
  const payments = useAdminPayments(settledSearch);
  const refresh = useRefreshAdminPayments(payments.refetch);
  const signOut = useSignOutAdmin();
  const charges = useRunCharges();
  const unauthorised = hasErrorCode(payments.error, "unauthorized");

  // The session lapsed (or was ended elsewhere): drop the data and ask the server again, which
  // shows the sign-in form.
  useEffect(() => {
    if (!unauthorised) return;
    queryClient.removeQueries({ queryKey: adminKeys.data() });
    void invalidate(adminKeys.session());
  }, [unauthorised]);

  const refreshButton = (
    <Button
      variant="secondary"
      onClick={() => {
        refresh.mutate();
        void invalidate(adminKeys.funding());
      }}
      aria-busy={refresh.isPending || payments.isFetching}
    >
      Refresh
    </Button>
  );
  const signOutButton = (
    <Button
      variant="ghost"
      disabled={signOut.isPending}
      // Behind Cloudflare Access the session is Access's own: its logout page ends it.
      onClick={() => (method === "access" ? window.location.assign("/cdn-cgi/access/logout") : signOut.mutate())}
    >
      Sign out
    </Button>
  );

  const records = useMemo(() => payments.data?.pages.flatMap((page) => page.payments) ?? [], [payments.data]);
  // The server counts the summary with the unsearched first page; a search keeps the last counts.
  const [lastSummary, setLastSummary] = useState<AdminPaymentsSummary | undefined>(undefined);
  const answeredSummary = payments.data?.pages[0]?.summary;
  useEffect(() => {
    if (answeredSummary) setLastSummary(answeredSummary);
  }, [answeredSummary]);
  const summary = answeredSummary ?? lastSummary;

  if (payments.data && summary && !unauthorised) {
    return (
      <div className="space-y-6">
        {/* A failed background refetch keeps the last data on screen and says so. */}
        {payments.isError && <AdminLoadError />}
        <Dashboard
          records={records}
          summary={summary}
          search={search}
          onSearchChange={setSearch}
          searching={search.trim() !== settledSearch || payments.isPlaceholderData}
          more={{ hasMore: payments.hasNextPage, loading: payments.isFetchingNextPage, load: () => void payments.fetchNextPage() }}
          processing={charges.processing}
          onCharge={(pending) => void charges.run(pending.kind, pending.charges)}
          refreshButton={refreshButton}
          signOutButton={signOutButton}
        />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-3">
        {refreshButton}
        {signOutButton}
      </div>
      {payments.isError ? <AdminLoadError /> : <AdminLoading />}
    </div>
  );
}
