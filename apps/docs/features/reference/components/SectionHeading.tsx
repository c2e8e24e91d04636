import { REF_ATTR, dataAttr } from '../dom-contract'

/**
 * A section heading: a link to the section's own URL and a button that copies that URL. The
 * button's icon is drawn by CSS, so each of the page's headings carries only its own words.
 */
export function SectionHeading({
  slug,
  title,
  level,
  href,
}: {
  slug: string
  title: string
  level: 2 | 3
  href: string
}) {
  const Tag = `h${level}` as const
  return (
    <Tag className="ref-heading" tabIndex={-1}>
      <a href={href}>{title}</a>
      <button
        type="button"
        className="ref-copy-link"
        {...dataAttr(REF_ATTR.copyLink, slug)}
        aria-label={`Copy link to ${title}`}
      />
    </Tag>
  )
}
