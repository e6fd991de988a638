/**
 * "2.4 MB" for chosen files and upload progress. Decimal units, the way people read the product's
 * 15MB / 5MB limits on the form.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
