/**
 * The signed-in reader's values, published by the widget and read by the `.env.local` samples
 * beside it (`EnvSample`). A module of its own, so a sample on the page does not bring the
 * widget's code with it: the values arrive once the widget has loaded and the reader signed in.
 */
import { VARIABLES, type Variable } from './variable-display'

export type ProjectValues = Partial<Record<Variable, string>>

let current: ProjectValues | null = null
const listeners = new Set<() => void>()

/** `null` when there is nothing to show: signed out, loading, or no project chosen. */
export function publishProjectValues(values: ProjectValues | null): void {
  if (sameValues(current, values)) return
  current = values
  for (const listener of [...listeners]) listener()
}

export function readProjectValues(): ProjectValues | null {
  return current
}

export function subscribeProjectValues(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function sameValues(a: ProjectValues | null, b: ProjectValues | null): boolean {
  if (a === null || b === null) return a === b
  return a.url === b.url && a.anonKey === b.anonKey
}

/** The sample's text with each placeholder the reader has a value for replaced by that value. */
export function fillPlaceholders(text: string, values: ProjectValues): string {
  let filled = text
  for (const variable of Object.keys(VARIABLES) as Variable[]) {
    const value = values[variable]
    if (value) filled = filled.replaceAll(VARIABLES[variable].placeholder, value)
  }
  return filled
}
