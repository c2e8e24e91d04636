import type { ReactNode } from 'react'
import { Island } from './Island'
import { CopyLinkButton } from './CopyLinkButton.client'

type Level = 2 | 3 | 4

/**
 * A section heading with a self link and a button that copies the section's URL. A jump to it
 * leaves room for the sticky header, and on small screens for the guides' Contents bar too.
 */
export function HeadingLink({
  id,
  level,
  children,
  className = '',
}: {
  id: string
  level: Level
  children: ReactNode
  className?: string
}) {
  const Tag = `h${level}` as const
  return (
    <Tag id={id} className={`group scroll-mt-28 lg:scroll-mt-24 ${className}`}>
      <a href={`#${id}`} className="no-underline hover:underline">
        {children}
      </a>
      <Island name="CopyLinkButton" component={CopyLinkButton} props={{ hash: id }} />
    </Tag>
  )
}
