/**
 * Rules for remembering a tab choice per group ("framework", "environment", ...).
 * The URL query parameter wins; otherwise local storage; anything that is not one of
 * the group's tab ids is ignored, never an error.
 */

import { readItem, writeItem, type StorageAccess } from '@/lib/browser-storage'

export const TAB_CHOICE_EVENT = 'docs:tab-choice'
/** Delay before a stored choice is restored, so the first paint never jumps. */
export const RESTORE_DELAY_MS = 300

export interface TabChoiceDetail {
  group: string
  id: string
}

export function storageKeyFor(group: string): string {
  return `docs.tabs.${group}`
}

export function choiceFromSearch(search: string, group: string, ids: readonly string[]): string | null {
  let value: string | null
  try {
    value = new URLSearchParams(search).get(group)
  } catch {
    return null
  }
  return value !== null && ids.includes(value) ? value : null
}

export function storedChoice(
  storage: StorageAccess<'getItem'>,
  group: string,
  ids: readonly string[],
): string | null {
  const value = readItem(storage, storageKeyFor(group))
  return value !== null && ids.includes(value) ? value : null
}

export function storeChoice(storage: StorageAccess<'setItem'>, group: string, id: string): void {
  writeItem(storage, storageKeyFor(group), id)
}

/** Returns the URL with the group's parameter set, keeping every other parameter and the hash. */
export function urlWithChoice(href: string, group: string, id: string): string {
  const url = new URL(href)
  url.searchParams.set(group, id)
  return url.toString()
}

/** Writes the choice to the URL without navigation, stores it, and tells other groups. */
export function announceChoice(win: Window, group: string, id: string): void {
  try {
    win.history.replaceState(win.history.state, '', urlWithChoice(win.location.href, group, id))
  } catch {
    // replaceState may be rate limited by the browser; the choice still applies on screen.
  }
  storeChoice(() => win.localStorage, group, id)
  win.dispatchEvent(new CustomEvent<TabChoiceDetail>(TAB_CHOICE_EVENT, { detail: { group, id } }))
}
