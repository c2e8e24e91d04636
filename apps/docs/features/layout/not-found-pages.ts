import { guidesNav } from '@/features/navigation'
import { standaloneTitle } from '@/features/navigation'
import { productAreas } from './product-areas'
import type { PageLink } from './suggest-pages'

/**
 * The pages a 404 can suggest: every guide, and each reference's own page (a mistyped library,
 * `/reference/javscript`, and a mistyped section of a real one, `/reference/javascript/selectt`,
 * are both 404s; the second suggests its reference first).
 */
export function pagesToSuggest(): PageLink[] {
  const guides = guidesNav.flatMap((section) =>
    section.items.map((item) => ({ title: standaloneTitle(section, item), href: item.href })),
  )
  const references = productAreas
    .filter((area) => area.href.startsWith('/reference/'))
    .map((area) => ({ title: `${area.title} reference`, href: area.href }))
  return [...guides, ...references]
}
