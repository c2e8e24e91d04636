import type { SavedSelection } from './selection'
import { parseStoredObject } from '@/lib/browser-storage'

export const SELECTION_STORAGE_KEY = 'docs.project-config.selection'

/** Reads the saved selection; anything that is not exactly the expected shape is ignored. */
export function parseSavedSelection(raw: string | null): SavedSelection | null {
  const value = parseStoredObject(raw)
  if (value === null) return null
  const { organizationId, projectRef, branchId } = value
  if (typeof organizationId !== 'number' || !Number.isInteger(organizationId)) return null
  if (typeof projectRef !== 'string' || projectRef === '') return null
  if (branchId !== undefined && typeof branchId !== 'string') return null
  return branchId === undefined ? { organizationId, projectRef } : { organizationId, projectRef, branchId }
}

export function serializeSelection(selection: SavedSelection): string {
  return JSON.stringify(selection)
}
