/**
 * The Markdown each MDX component of the guides stands for. The table is typed by the page's
 * registry (features/guides/mdx-components.tsx), so the compiler rejects a component missing here
 * or an entry the page does not have: a component cannot silently vanish from the Markdown export.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { BlockContent, Code, List, PhrasingContent, RootContent, Table, TableRow } from 'mdast'
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx'
import { ADMONITION_KINDS, isAdmonitionType, unknownAdmonitionType } from '@/components/ui/admonition-kinds'
import type { MdxJsxComponents } from '@/features/guides/components'
import { authErrorCodes } from '@/features/auth-error-codes'
import { findPhoneProvider, socialProviders } from '@/features/auth-providers'
import {
  FACT_FORMATS,
  findFact,
  formatFact,
  isFactFormat,
  unknownFactMessage,
} from '@/features/platform-facts'
import { VARIABLES, isVariable } from '@/features/project-config'
import { isMcpClient, mcpClientConfig, unknownMcpClient } from '@/features/assistants'
import { repoRoot } from '@/lib/repo-paths'

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement

export interface ComponentContext {
  file: string
  /** Absolute URL of the page being exported. */
  pageUrl: string
  attribute: (element: JsxElement, name: string) => string | undefined
  /** The element's children, already turned into Markdown nodes. */
  children: (element: JsxElement) => RootContent[]
  /** An error naming the file, the line and the component. */
  fail: (element: JsxElement, message: string) => Error
  resolveUrl: (url: string) => string
}

export type ComponentMarkdown = (element: JsxElement, context: ComponentContext) => RootContent[]

const text = (value: string): PhrasingContent => ({ type: 'text', value })
const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] })
const inlineCode = (value: string): PhrasingContent => ({ type: 'inlineCode', value })

/** Phrasing in a text element (inside a paragraph), a paragraph in a flow element. */
function phrasing(element: JsxElement, content: PhrasingContent[]): RootContent[] {
  return element.type === 'mdxJsxTextElement' ? content : [{ type: 'paragraph', children: content }]
}

/** Catalogue text marks code with backticks: keep those spans as inline code. */
function withInlineCode(value: string): PhrasingContent[] {
  return value
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('`') && part.endsWith('`') ? inlineCode(part.slice(1, -1)) : text(part)))
}

function jsxChildren(element: JsxElement): JsxElement[] {
  return element.children.filter(
    (child): child is JsxElement => child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement',
  )
}

/** `> **Caution:** text`, or the title on its own line when there is one. */
const admonition: ComponentMarkdown = (element, context) => {
  const type = context.attribute(element, 'type') ?? 'note'
  if (!isAdmonitionType(type)) throw context.fail(element, unknownAdmonitionType(type))
  const { label } = ADMONITION_KINDS[type]
  const title = context.attribute(element, 'title')
  const body = context.children(element) as BlockContent[]
  const first = body[0]
  if (!title && first?.type === 'paragraph') {
    first.children.unshift(strong(`${label}:`), text(' '))
    return [{ type: 'blockquote', children: body }]
  }
  const heading: BlockContent = {
    type: 'paragraph',
    children: [strong(title ? `${label}: ${title}` : label)],
  }
  return [{ type: 'blockquote', children: [heading, ...body] }]
}

/** Each panel becomes a labelled section: its label in bold, then its content. */
const tabs: ComponentMarkdown = (element, context) => {
  const panels = jsxChildren(element)
  if (panels.length === 0) throw context.fail(element, 'has no <TabPanel> children')
  return panels.flatMap((panel) => {
    if (panel.name !== 'TabPanel')
      throw context.fail(element, `<${panel.name}> inside <Tabs>: only <TabPanel> is allowed`)
    const label = context.attribute(panel, 'label')
    if (!label) throw context.fail(panel, 'needs a label')
    return [{ type: 'paragraph', children: [strong(label)] } as RootContent, ...context.children(panel)]
  })
}

const tabPanel: ComponentMarkdown = (element, context) => {
  throw context.fail(element, 'must be a direct child of <Tabs>')
}

/** A file of the repository as a fenced code block, as the page shows it. */
const exampleFile: ComponentMarkdown = (element, context) => {
  const relative = context.attribute(element, 'path')
  if (!relative) throw context.fail(element, 'needs a path')
  const root = repoRoot()
  const absolute = path.resolve(root, relative)
  if (!absolute.startsWith(root + path.sep) || !existsSync(absolute)) {
    throw context.fail(element, `path="${relative}": no such file in the repository`)
  }
  const title = context.attribute(element, 'title') ?? relative.split('/').slice(-3).join('/')
  const code: Code = {
    type: 'code',
    lang: context.attribute(element, 'lang') ?? (path.extname(relative).slice(1) || null),
    meta: `title="${title}"`,
    value: readFileSync(absolute, 'utf8').replace(/\s+$/, ''),
  }
  return [code]
}

const codeBlock: ComponentMarkdown = (element, context) => {
  const code = context.attribute(element, 'code')
  if (code === undefined) throw context.fail(element, 'needs code')
  const title = context.attribute(element, 'title')
  return [
    {
      type: 'code',
      lang: context.attribute(element, 'lang') ?? null,
      meta: title ? `title="${title}"` : null,
      value: code,
    },
  ]
}

/** The auth error codes as a table, in the page's order. */
const errorCodeTable: ComponentMarkdown = () => {
  const codes = [...authErrorCodes].sort((a, b) => a.code.localeCompare(b.code))
  const row = (cells: PhrasingContent[][]): TableRow => ({
    type: 'tableRow',
    children: cells.map((children) => ({ type: 'tableCell', children })),
  })
  const table: Table = {
    type: 'table',
    align: [null, null, null],
    children: [
      row([[text('Code')], [text('What it means')], [text('What to do')]]),
      ...codes.map((entry) =>
        row([[inlineCode(entry.code)], withInlineCode(entry.meaning), withInlineCode(entry.action)]),
      ),
    ],
  }
  return [table]
}

const providerGrid: ComponentMarkdown = (_element, context) => {
  const list: List = {
    type: 'list',
    ordered: false,
    spread: false,
    children: socialProviders.map((provider) => ({
      type: 'listItem',
      spread: false,
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'link', url: context.resolveUrl(provider.href), children: [text(provider.name)] },
          ],
        },
      ],
    })),
  }
  return [list]
}

/** The page shows the providers as a picker; Markdown prints each setup under its own heading. */
const smsProviders: ComponentMarkdown = (element, context) =>
  jsxChildren(element).flatMap((setup) => {
    if (setup.name !== 'SmsProviderSetup') {
      throw context.fail(element, `<${setup.name}> inside <SmsProviders>: only <SmsProviderSetup> is allowed`)
    }
    const id = context.attribute(setup, 'provider')
    const provider = findPhoneProvider(id)
    if (!provider) throw context.fail(setup, `provider="${id ?? ''}" is not an SMS provider of the catalogue`)
    return [
      { type: 'heading', depth: 3, children: [text(`Set up ${provider.name}`)] } as RootContent,
      ...context.children(setup),
    ]
  })

const smsProviderSetup: ComponentMarkdown = (element, context) => context.children(element)

/** The widget shows the signed-in reader's own value; Markdown says where to find it. */
const projectConfigVariables: ComponentMarkdown = (element, context) => {
  const variable = context.attribute(element, 'variable')
  if (!isVariable(variable))
    throw context.fail(element, `variable="${variable ?? ''}" must be "url" or "anonKey"`)
  const { label, placeholder } = VARIABLES[variable]
  return phrasing(element, [
    strong(`${label}:`),
    text(' '),
    inlineCode(placeholder),
    text(' (in the dashboard under Project Settings → API)'),
  ])
}

/** The same text as the page: `400 s`, or the bare value with `format="value"`. */
const fact: ComponentMarkdown = (element, context) => {
  const id = context.attribute(element, 'id') ?? ''
  const found = findFact(id)
  if (!found) throw context.fail(element, unknownFactMessage(id))
  const format = context.attribute(element, 'format') ?? 'full'
  if (!isFactFormat(format))
    throw context.fail(element, `format="${format}" must be one of ${FACT_FORMATS.join(', ')}`)
  return phrasing(element, [text(formatFact(found, format))])
}

/** The widget fills a reader's values in on the page only; the Markdown keeps the sample as written. */
const envSample: ComponentMarkdown = (element, context) => context.children(element)

const sqlToRest: ComponentMarkdown = (element, context) =>
  phrasing(element, [
    text('The interactive SQL to REST translator runs in the browser on '),
    { type: 'link', url: context.pageUrl, children: [text('the web version of this page')] },
    text('.'),
  ])

const tryApp: ComponentMarkdown = (element, context) =>
  phrasing(element, [
    text('The finished app, with an inbox for its e-mails, runs in the browser on '),
    { type: 'link', url: context.pageUrl, children: [text('the web version of this page')] },
    text('.'),
  ])

/** An assistant's MCP configuration as the page shows it, for the site URL of this export. */
const mcpClientConfigMarkdown: ComponentMarkdown = (element, context) => {
  const client = context.attribute(element, 'client')
  if (!isMcpClient(client)) throw context.fail(element, unknownMcpClient(client))
  const { file, code } = mcpClientConfig(client, context.resolveUrl('/').replace(/\/+$/, ''))
  return [{ type: 'code', lang: 'json', meta: `title="${file}"`, value: code }]
}

/** Keyed by the component's name as written in MDX: exactly the page registry's components. */
export const componentMarkdown: { [Name in keyof MdxJsxComponents]: ComponentMarkdown } = {
  Admonition: admonition,
  CodeBlock: codeBlock,
  EnvSample: envSample,
  ErrorCodeTable: errorCodeTable,
  ExampleFile: exampleFile,
  Fact: fact,
  McpClientConfig: mcpClientConfigMarkdown,
  ProjectConfigVariables: projectConfigVariables,
  ProviderGrid: providerGrid,
  SmsProviderSetup: smsProviderSetup,
  SmsProviders: smsProviders,
  SqlToRest: sqlToRest,
  Tabs: tabs,
  TabPanel: tabPanel,
  TryApp: tryApp,
}

/** The Markdown rendering of the component named in MDX, or undefined for a name the registry lacks. */
export function markdownFor(name: string): ComponentMarkdown | undefined {
  return Object.hasOwn(componentMarkdown, name)
    ? componentMarkdown[name as keyof MdxJsxComponents]
    : undefined
}
