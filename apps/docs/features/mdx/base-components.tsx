import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { CodeBlock } from '@/components/ui/CodeBlock'
import { ExampleFile } from '@/components/ui/ExampleFile'
import { HeadingLink } from '@/components/ui/HeadingLink'

function heading(level: 2 | 3 | 4) {
  return function Heading({ id, children }: { id?: string; children?: ReactNode }) {
    if (!id) {
      const Tag = `h${level}` as const
      return <Tag>{children}</Tag>
    }
    return (
      <HeadingLink id={id} level={level}>
        {children}
      </HeadingLink>
    )
  }
}

/** Site links stay plain anchors (each loads its page in full); others open a new tab. */
function Anchor({ href = '', children, ...rest }: ComponentPropsWithoutRef<'a'>) {
  const external = /^https?:\/\//.test(href)
  return (
    <a href={href} {...rest} {...(external ? { rel: 'noreferrer', target: '_blank' } : {})}>
      {children}
    </a>
  )
}

function Table(props: ComponentPropsWithoutRef<'table'>) {
  return (
    <div className="table-scroll my-5 overflow-x-auto" role="region" aria-label="Table" tabIndex={0}>
      <table {...props} />
    </div>
  )
}

function Image({ alt = '', ...props }: ComponentPropsWithoutRef<'img'>) {
  return <img alt={alt} loading="lazy" decoding="async" {...props} />
}

/** How Markdown's own elements render on every MDX page: linked headings, scrolling tables. */
export const markdownElements = {
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  a: Anchor,
  table: Table,
  img: Image,
}

/**
 * What every MDX page may use: Markdown's elements, admonitions, example files and code blocks
 * (fenced code becomes `<CodeBlock>`, see `remark-plugins.ts`). Guides add their own components.
 */
export const baseMdxComponents = {
  ...markdownElements,
  Admonition,
  CodeBlock,
  ExampleFile,
}
