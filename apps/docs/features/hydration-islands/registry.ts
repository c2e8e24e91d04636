import type { ComponentType } from 'react'
import type { IslandName } from '@/lib/island-names'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island checks its own props
type AnyComponent = ComponentType<any>

/** Each island's component, loaded on demand: a page fetches only the ones it holds. */
export const ISLAND_LOADERS: Record<IslandName, () => Promise<AnyComponent>> = {
  AssistantMenu: () =>
    import('@/features/page-actions/AssistantMenu.client').then((module) => module.AssistantMenu),
  ContentsBar: () => import('@/features/layout/ContentsBar.client').then((module) => module.ContentsBar),
  CopyButton: () => import('@/components/ui/CopyButton.client').then((module) => module.CopyButton),
  CopyLinkButton: () =>
    import('@/components/ui/CopyLinkButton.client').then((module) => module.CopyLinkButton),
  CopyMarkdownButton: () =>
    import('@/features/page-actions/CopyMarkdownButton.client').then((module) => module.CopyMarkdownButton),
  CurrentItemInView: () =>
    import('@/features/navigation/CurrentItemInView.client').then((module) => module.CurrentItemInView),
  EnvSample: () => import('@/features/project-config/EnvSample.client').then((module) => module.EnvSample),
  ErrorCodeFilter: () =>
    import('@/features/auth-error-codes/ErrorCodeFilter.client').then((module) => module.ErrorCodeFilter),
  NotFoundSuggestions: () =>
    import('@/features/layout/NotFoundSuggestions.lazy').then((module) => module.NotFoundSuggestions),
  PageFeedback: () => import('@/features/feedback/PageFeedback.lazy').then((module) => module.PageFeedback),
  ProductAreaLinks: () =>
    import('@/features/layout/ProductAreaLinks.client').then((module) => module.ProductAreaLinks),
  ProjectConfigVariables: () =>
    import('@/features/project-config/ProjectConfigVariables.lazy').then(
      (module) => module.ProjectConfigVariables,
    ),
  ReferenceNavigation: () =>
    import('@/features/reference/ReferenceNavigation.client').then((module) => module.ReferenceNavigation),
  RunButton: () => import('@/features/guides/run/RunButton.client').then((module) => module.RunButton),
  SearchButton: () => import('@/features/search/SearchButton.client').then((module) => module.SearchButton),
  SiteMenu: () => import('@/features/layout/SiteMenu.client').then((module) => module.SiteMenu),
  SmsProviderPicker: () =>
    import('@/features/auth-providers/SmsProviderPicker.client').then((module) => module.SmsProviderPicker),
  SqlToRestTool: () =>
    import('@/features/sql-to-rest/SqlToRestTool.client').then((module) => module.SqlToRestTool),
  Tabs: () => import('@/features/tabs/Tabs.client').then((module) => module.TabsClient),
  ThemeSwitch: () => import('@/features/theme/ThemeSwitch.client').then((module) => module.ThemeSwitch),
  TocScrollSpy: () => import('@/features/toc/TocScrollSpy.client').then((module) => module.TocScrollSpy),
  TryApp: () => import('@/features/try-app/TryApp.client').then((module) => module.TryApp),
}
