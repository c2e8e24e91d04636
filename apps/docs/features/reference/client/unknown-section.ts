/**
 * A section URL whose slug this reference does not have gets the 404 page from the site's own host
 * rules (rewrites.ts). A host set up with a catch-all rule instead answers it with the long page:
 * the page then says so in a notice at its top, with links to the closest section names.
 */
import { REF_ATTR, attrSelector } from '../dom-contract'
import { closestSections } from './closest-sections'

export function showUnknownSectionNotice({
  root,
  slug,
  hrefFor,
}: {
  root: HTMLElement
  slug: string
  hrefFor: (slug: string) => string
}): void {
  const main = root.querySelector('main')
  if (!main || main.querySelector(attrSelector(REF_ATTR.notice))) return
  const sections = Array.from(
    root.querySelectorAll<HTMLElement>(attrSelector(REF_ATTR.section)),
    (section) => ({
      slug: section.id,
      title: section.querySelector('.ref-heading > a')?.textContent ?? section.id,
    }),
  )
  const notice = document.createElement('div')
  notice.className = 'ref-notice'
  notice.setAttribute('role', 'status')
  notice.setAttribute(REF_ATTR.notice, '')
  const heading = document.createElement('p')
  heading.className = 'ref-notice-title'
  heading.append('No section named ')
  const typed = document.createElement('code')
  typed.textContent = slug
  heading.append(typed, ' in this reference.')
  notice.append(heading)
  const suggestions = closestSections(slug, sections)
  const hint = document.createElement('p')
  if (suggestions.length === 0) {
    hint.textContent = 'Pick a section from the list, or search with / .'
  } else {
    hint.append(suggestions.length === 1 ? 'Did you mean ' : 'Did you mean one of these: ')
    suggestions.forEach((section, index) => {
      if (index > 0) hint.append(index === suggestions.length - 1 ? ' or ' : ', ')
      const link = document.createElement('a')
      link.href = hrefFor(section.slug)
      link.textContent = section.title
      hint.append(link)
    })
    hint.append('?')
  }
  notice.append(hint)
  main.prepend(notice)
}
