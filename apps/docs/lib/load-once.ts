/**
 * A loader for a part fetched on demand (a panel, a form): every call shares one request, and a
 * failed one is tried again by the next call, so a dropped connection is not the page's last word.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let request: Promise<T> | undefined
  return () => {
    request ??= load().catch((error: unknown) => {
      request = undefined
      throw error
    })
    return request
  }
}
