/** Storage calls that never throw: blocked or full storage only costs the reader convenience. */

export function readItem(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    return null
  }
}

export function writeItem(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value)
  } catch {
    // Nothing to do: the value just is not remembered.
  }
}

export function removeItem(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key)
  } catch {
    // Nothing to do.
  }
}
