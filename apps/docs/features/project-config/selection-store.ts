import { readItem, writeItem } from '@/lib/browser-storage'
import type { SavedSelection } from './selection'
import { SELECTION_STORAGE_KEY, parseSavedSelection, serializeSelection } from './stored-selection'

/** The reader's project and branch choice, shared by every widget and kept in local storage. */
export class SelectionStore {
  private snapshot: SavedSelection | null | undefined
  private readonly listeners = new Set<() => void>()

  constructor(private readonly storage: () => Storage) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  getSnapshot = (): SavedSelection | null => {
    // Read once, lazily: the first read happens in the browser, after the session is known.
    if (this.snapshot === undefined) {
      this.snapshot = parseSavedSelection(readItem(this.storage, SELECTION_STORAGE_KEY))
    }
    return this.snapshot
  }

  choose(selection: SavedSelection): void {
    this.snapshot = selection
    writeItem(this.storage, SELECTION_STORAGE_KEY, serializeSelection(selection))
    for (const listener of [...this.listeners]) listener()
  }
}
