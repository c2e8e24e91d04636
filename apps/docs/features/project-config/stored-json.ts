/**
 * A JSON object read back from browser storage, or null when the text is missing, is not JSON, or
 * is not a plain object. Storage is shared with other scripts and old versions of this page, so
 * its contents are checked, never trusted.
 */
export function parseStoredObject(raw: string | null): Record<string, unknown> | null {
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}
