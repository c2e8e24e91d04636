/**
 * Browser storage calls that never throw. Storage can be blocked (private windows, sandboxed
 * frames: even reading `window.localStorage` throws there) or full; either only costs the reader
 * a remembered choice, never the page. That is why each call takes a function returning the
 * storage rather than the storage itself.
 */

export type StorageAccess<Method extends keyof Storage> = () => Pick<Storage, Method> | undefined

export function readItem(storage: StorageAccess<'getItem'>, key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeItem(storage: StorageAccess<'setItem'>, key: string, value: string): void {
  try {
    storage()?.setItem(key, value)
  } catch {
    // The value is just not remembered.
  }
}

export function removeItem(storage: StorageAccess<'removeItem'>, key: string): void {
  try {
    storage()?.removeItem(key)
  } catch {
    // Nothing to forget then.
  }
}

/**
 * A JSON object read back from storage, or null when the text is missing, is not JSON, or is not
 * a plain object. Storage is shared with other scripts and old versions of this site, so its
 * contents are checked, never trusted.
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

export function readStoredObject(
  storage: StorageAccess<'getItem'>,
  key: string,
): Record<string, unknown> | null {
  return parseStoredObject(readItem(storage, key))
}
