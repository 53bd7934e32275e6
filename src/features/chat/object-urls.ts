/**
 * Object URLs of the blobs the chat shows (the source pdf, chart images). Reducers must stay pure,
 * so they only drop a URL from the state; the page then calls `releaseObjectUrls` with the URLs
 * the state still holds and every other one this feature created is revoked (the blob is freed).
 */
const created = new Set<string>();

export function createObjectUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  created.add(url);
  return url;
}

/** Revokes each URL made here that is not in `kept`. */
export function releaseObjectUrls(kept: Iterable<string>): void {
  const keep = new Set(kept);
  for (const url of created)
    if (!keep.has(url)) {
      URL.revokeObjectURL(url);
      created.delete(url);
    }
}
