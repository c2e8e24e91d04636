import type { SavedSelection } from './selection'

export const SELECTION_STORAGE_KEY = 'docs.project-config.selection'

/** Reads the saved selection; anything that is not exactly the expected shape is ignored. */
export function parseSavedSelection(raw: string | null): SavedSelection | null {
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { organizationId, projectRef, branchId } = value as Record<string, unknown>
  if (typeof organizationId !== 'number' || !Number.isInteger(organizationId)) return null
  if (typeof projectRef !== 'string' || projectRef === '') return null
  if (branchId !== undefined && typeof branchId !== 'string') return null
  return branchId === undefined ? { organizationId, projectRef } : { organizationId, projectRef, branchId }
}

export function serializeSelection(selection: SavedSelection): string {
  return JSON.stringify(selection)
}
