import type { ComponentType } from 'react'
import type { IslandName } from '@/lib/island-names'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island checks its own props
type AnyComponent = ComponentType<any>

/** Each island's component, loaded on demand: a page fetches only the ones it holds. */
export const ISLAND_LOADERS: Record<IslandName, () => Promise<AnyComponent>> = {
  CopyButton: () => import('@/components/ui/CopyButton.client').then((module) => module.CopyButton),
  CopyLinkButton: () =>
    import('@/components/ui/CopyLinkButton.client').then((module) => module.CopyLinkButton),
  ProductAreaLinks: () =>
    import('@/features/layout/ProductAreaLinks.client').then((module) => module.ProductAreaLinks),
  ReferenceNavigation: () =>
    import('@/features/reference/ReferenceNavigation.client').then((module) => module.ReferenceNavigation),
  SearchButton: () => import('@/features/search/SearchButton.client').then((module) => module.SearchButton),
  SiteMenu: () => import('@/features/layout/SiteMenu.client').then((module) => module.SiteMenu),
  ThemeSwitch: () => import('@/features/theme/ThemeSwitch.client').then((module) => module.ThemeSwitch),
}
