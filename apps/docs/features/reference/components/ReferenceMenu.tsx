import { REF_ATTR, dataAttr } from '../dom-contract'
import type { ReferenceCategory, ReferenceSectionNode } from '../section-tree'

function MenuItems({
  sections,
  hrefFor,
  withSlugs,
}: {
  sections: ReferenceSectionNode[]
  hrefFor: (slug: string) => string
  withSlugs: boolean
}) {
  return (
    <ul>
      {sections.map((section) => (
        <li key={section.slug}>
          <a href={hrefFor(section.slug)} data-slug={withSlugs ? section.slug : undefined}>
            {section.title}
          </a>
          {section.children.length > 0 ? (
            <MenuItems sections={section.children} hrefFor={hrefFor} withSlugs={withSlugs} />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** The sections of a library by category; on the long page the active item is marked by script. */
export function ReferenceMenu({
  categories,
  hrefFor,
  label,
  id,
  scrollSpy,
}: {
  categories: ReferenceCategory[]
  hrefFor: (slug: string) => string
  label: string
  id?: string
  /** Long page: items carry their slug for the scroll spy. */
  scrollSpy: boolean
}) {
  return (
    <nav id={id} aria-label={label} className="ref-menu" {...(scrollSpy ? dataAttr(REF_ATTR.menu) : {})}>
      {categories.map((category) => (
        <div key={category.title} className="ref-menu-group">
          <p className="ref-menu-category">{category.title}</p>
          <MenuItems sections={category.sections} hrefFor={hrefFor} withSlugs={scrollSpy} />
        </div>
      ))}
    </nav>
  )
}
