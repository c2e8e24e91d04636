import { createContext, useContext } from 'react'
import { siteConfig } from '../../lib/site-config'
import { LeadWidgetStore } from './lead-widget-store'
import { RequestCache } from './request-cache'
import { restoreReturnPosition } from './return-position-restore'
import { SelectionStore } from './selection-store'
import { SessionStore } from './session-store'

/** Everything the widgets of one page share: sign-in, selection, and the request cache. */
export interface ProjectConfigServices {
  apiBaseUrl: string
  session: SessionStore
  selection: SelectionStore
  /** Which widget of the page shows the sign-in prompt and the pickers (the first one). */
  widgets: LeadWidgetStore
  /** The cache of the current token; a new token starts an empty one and aborts the old calls. */
  cacheFor: (token: string) => RequestCache
  fetch: typeof fetch
}

export function createProjectConfigServices(
  win: Window,
  apiBaseUrl: string,
  fetchImpl: typeof fetch = (input, init) => win.fetch(input, init),
): ProjectConfigServices {
  let current: { token: string; cache: RequestCache } | undefined
  const cacheFor = (token: string) => {
    if (current?.token !== token) {
      current?.cache.clear()
      current = { token, cache: new RequestCache() }
    }
    return current.cache
  }
  return {
    apiBaseUrl,
    session: new SessionStore(
      win,
      apiBaseUrl,
      () => current?.cache.clear(),
      () => restoreReturnPosition(win),
    ),
    selection: new SelectionStore(() => win.localStorage),
    widgets: new LeadWidgetStore(),
    cacheFor,
    fetch: fetchImpl,
  }
}

let pageServices: ProjectConfigServices | undefined

/** The page's shared services in the browser; `null` while prerendering. */
export function browserServices(): ProjectConfigServices | null {
  if (typeof window === 'undefined') return null
  pageServices ??= createProjectConfigServices(window, siteConfig.platformApiUrl)
  return pageServices
}

/** Lets tests give a widget its own services instead of the page's. */
export const ProjectConfigServicesContext = createContext<ProjectConfigServices | null>(null)

/** The services of the widgets around this component: a test's, or the page's. */
export function useProjectConfigServices(): ProjectConfigServices | null {
  return useContext(ProjectConfigServicesContext) ?? browserServices()
}
