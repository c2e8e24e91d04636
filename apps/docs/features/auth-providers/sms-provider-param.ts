import { SMS_PROVIDER_PARAM } from './provider-catalogue'

/** The provider named by `?showSmsProvider=` when it is one of `ids`; anything else is ignored. */
export function smsProviderFromSearch(search: string, ids: readonly string[]): string | undefined {
  const value = new URLSearchParams(search).get(SMS_PROVIDER_PARAM)
  return value !== null && ids.includes(value) ? value : undefined
}

/**
 * The same URL (path, other query parameters and hash kept) with `?showSmsProvider=` set to
 * `id`, or removed when `id` is undefined. Returned relative, ready for `history.replaceState`.
 */
export function urlWithSmsProvider(href: string, id: string | undefined): string {
  const url = new URL(href)
  if (id === undefined) url.searchParams.delete(SMS_PROVIDER_PARAM)
  else url.searchParams.set(SMS_PROVIDER_PARAM, id)
  return `${url.pathname}${url.search}${url.hash}`
}
