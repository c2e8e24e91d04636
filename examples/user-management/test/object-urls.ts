/**
 * jsdom has no object URLs. This registry stands in for them and remembers which blob each URL
 * points at and which URLs are still alive, so tests can check previews and leaks.
 */
export const liveObjectUrls = new Map<string, Blob>()
let created = 0

export function installObjectUrls(): void {
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    // Downloads arrive as Node's Blob and files as jsdom's: both have text(), MediaSource has not.
    if (!('text' in blob)) throw new TypeError('only blobs are supported here')
    created += 1
    const url = `blob:test/${created}`
    liveObjectUrls.set(url, blob)
    return url
  }
  URL.revokeObjectURL = (url: string) => {
    liveObjectUrls.delete(url)
  }
}
