import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { ExampleFile } from '@/components/ui/ExampleFile'
import { HeadingLink } from '@/components/ui/HeadingLink'
import { ErrorCodeTable } from '@/features/auth-error-codes/ErrorCodeTable'
import { Fact } from '@/features/platform-facts/Fact'
import { McpClientConfig } from '@/features/assistants/McpClientConfig'
import { ProviderGrid } from '@/features/auth-providers/ProviderGrid'
import { SmsProviderSetup } from '@/features/auth-providers/SmsProviderSetup'
import { SmsProviders } from '@/features/auth-providers/SmsProviders'
import { EnvSample } from '@/features/project-config/EnvSample.client'
import { ProjectConfigVariables } from '@/features/project-config/ProjectConfigVariables.lazy'
import { SqlToRest } from '@/features/sql-to-rest/SqlToRest'
import { TabPanel } from '@/features/tabs/tabs.lazy'
import { Tabs } from '@/features/tabs/Tabs'
import { GuideCodeBlock } from './run/GuideCodeBlock'

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

/** Site links stay plain anchors (`ClientNavigation` follows them in the app); others open a new tab. */
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

/** Components written by name in MDX (`<Tabs>`); each has a Markdown twin in the export. */
const mdxJsxComponents = {
  Admonition,
  // Fenced code becomes <CodeBlock> (remark-plugins.ts); in guides it may carry a Run button.
  CodeBlock: GuideCodeBlock,
  EnvSample,
  ErrorCodeTable,
  ExampleFile,
  Fact,
  McpClientConfig,
  ProjectConfigVariables,
  ProviderGrid,
  SmsProviderSetup,
  SmsProviders,
  SqlToRest,
  Tabs,
  TabPanel,
}

export type MdxJsxComponents = typeof mdxJsxComponents

/** The one registry of components available in every MDX file: Markdown's elements, then ours. */
export const mdxComponents = {
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  a: Anchor,
  table: Table,
  img: Image,
  ...mdxJsxComponents,
}

export type MdxComponents = typeof mdxComponents
