import { flattenNav } from '@/features/navigation/nav-tree'
import { productAreas } from './product-areas'
import type { PageLink } from './suggest-pages'

/**
 * The pages a 404 can suggest: every guide, and each reference's own page (a mistyped library,
 * `/reference/javscript`, is a 404; a mistyped section of a real one is answered by that
 * reference's page, with its own notice).
 */
export function pagesToSuggest(): PageLink[] {
  const guides = flattenNav().map(({ title, href }) => ({ title, href }))
  const references = productAreas
    .filter((area) => area.href.startsWith('/reference/'))
    .map((area) => ({ title: `${area.title} reference`, href: area.href }))
  return [...guides, ...references]
}
