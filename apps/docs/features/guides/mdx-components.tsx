import { Admonition } from '@/components/ui/Admonition'
import { ExampleFile } from '@/components/ui/ExampleFile'
import { ErrorCodeTable } from '@/features/auth-error-codes/components'
import { Fact } from '@/features/platform-facts/components'
import { McpClientConfig } from '@/features/assistants/components'
import { ProviderGrid } from '@/features/auth-providers/components'
import { SmsProviderSetup } from '@/features/auth-providers/components'
import { SmsProviders } from '@/features/auth-providers/components'
import { EnvSample } from '@/features/project-config/components'
import { ProjectConfigVariables } from '@/features/project-config/components'
import { SqlToRest } from '@/features/sql-to-rest/components'
import { TabPanel } from '@/features/tabs/components'
import { TryApp } from '@/features/try-app/components'
import { Tabs } from '@/features/tabs/components'
import { markdownElements } from '@/features/mdx'
import { GuideCodeBlock } from './run/GuideCodeBlock'

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
  TryApp,
}

export type MdxJsxComponents = typeof mdxJsxComponents

/** The components a guide may use: Markdown's elements, then ours. */
export const mdxComponents = {
  ...markdownElements,
  ...mdxJsxComponents,
}

export type MdxComponents = typeof mdxComponents
