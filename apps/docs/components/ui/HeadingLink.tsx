import type { ReactNode } from 'react'
import { CopyLinkButton } from './CopyLinkButton.client'

type Level = 2 | 3 | 4

/** A section heading with a self link and a button that copies the section's URL. */
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
    <Tag id={id} className={`group scroll-mt-24 ${className}`}>
      <a href={`#${id}`} className="no-underline hover:underline">
        {children}
      </a>
      <CopyLinkButton hash={id} />
    </Tag>
  )
}
