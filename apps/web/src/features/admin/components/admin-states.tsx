/** The admin screen's loading and error states, with the product's texts (docs/product.md, Screens). */
export function AdminLoading() {
  return (
    <p role="status" className="py-10 text-center text-muted">
      Loading admin data...
    </p>
  );
}

export function AdminLoadError() {
  return (
    <div role="alert" className="space-y-2 rounded-2xl border border-red-400 bg-red-50 p-6 text-red-900 dark:bg-red-950/40 dark:text-red-100">
      <h2 className="text-lg font-bold">Error Loading Admin Data</h2>
      <p>There was an error loading the admin data. Please try refreshing the page or contact support.</p>
    </div>
  );
}
