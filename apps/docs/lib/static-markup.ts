/**
 * Static parts of a server-rendered tree as HTML strings, at build time. Most of a page (a guide's
 * text and sidebar, a long reference page's tens of thousands of elements) is markup no React code
 * ever updates; sent as elements it is parsed and hydrated one by one on the reader's phone, sent
 * as `dangerouslySetInnerHTML` it is one string per part that React leaves alone.
 * `react-dom/server` is not available to server components, so the elements go through hast (the
 * same serializer as the spec Markdown).
 *
 * Only host elements, fragments and server function components become HTML. Anything else (a
 * client component, a context, Suspense) stays a React element, and so do the elements around it,
 * so interactive parts keep working and everything beside them is still collapsed. The content a
 * client component is given as children (a tab panel's text, a filterable table) is collapsed in
 * the same way, child by child, so the component still gets one child per child it was given.
 */
import type { Element, ElementContent, Properties } from 'hast'
import { toHtml } from 'hast-util-to-html'
import {
  Fragment,
  cloneElement,
  createElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react'

/** Props React consumes itself; they are not attributes. */
const REACT_ONLY = new Set(['children', 'dangerouslySetInnerHTML', 'key', 'ref', 'suppressHydrationWarning'])

const CLIENT_REFERENCE = Symbol.for('react.client.reference')

type Props = Record<string, unknown> & { children?: ReactNode }

/** A part of the tree: HTML-able (its hast, and how to show it as React) or not. */
type Part =
  { static: true; hast: ElementContent; react: () => ReactNode } | { static: false; react: ReactNode }

function attributeValue(name: string, value: unknown): Properties[string] | undefined {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'boolean') {
    // React writes `aria-*` and `data-*` booleans as "true"/"false"; real boolean attributes
    // (`open`, `hidden`) are present or absent.
    return name.startsWith('aria-') || name.startsWith('data-') ? String(value) : value
  }
  if (typeof value === 'string' || typeof value === 'number') return value
  return undefined
}

/** Attribute values hast can write; a prop of another kind (a style object) keeps the element in React. */
function attributesOf(props: Props): Properties | undefined {
  const properties: Properties = {}
  for (const [name, raw] of Object.entries(props)) {
    if (REACT_ONLY.has(name) || raw === null || raw === undefined) continue
    const attribute = attributeValue(name, raw)
    if (attribute === undefined) return undefined
    properties[name] = attribute
  }
  return properties
}

const html = (children: ElementContent[]) => toHtml({ type: 'root', children }, { allowDangerousHtml: true })

async function partsOf(node: ReactNode | Promise<ReactNode>): Promise<Part[]> {
  const value = await node
  if (value === null || value === undefined || typeof value === 'boolean') return []
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value)
    return text === '' ? [] : [{ static: true, hast: { type: 'text', value: text }, react: () => text }]
  }
  if (Array.isArray(value) || (typeof value === 'object' && Symbol.iterator in value)) {
    const parts = await Promise.all([...(value as Iterable<ReactNode>)].map(partsOf))
    return parts.flat()
  }
  if (!isValidElement(value)) return [{ static: false, react: value }]
  const element = value as ReactElement<Props>
  const { type, props } = element
  if (type === Fragment) return partsOf(props.children)
  if (typeof type === 'function') {
    if ((type as { $$typeof?: symbol }).$$typeof === CLIENT_REFERENCE)
      return [{ static: false, react: await withCollapsedChildren(element) }]
    return partsOf((type as (props: Props) => ReactNode | Promise<ReactNode>)(props))
  }
  if (typeof type !== 'string') return [{ static: false, react: element }]
  return [await hostPart(type, props)]
}

/** One node as React: itself if it is one part, else its parts in a fragment. */
async function collapseNode(node: ReactNode): Promise<ReactNode> {
  const nodes = (await partsOf(node)).map((part) => (part.static ? part.react() : part.react))
  return nodes.length === 1 ? nodes[0] : createElement(Fragment, null, ...nodes)
}

async function withCollapsedChildren(element: ReactElement<Props>): Promise<ReactElement> {
  const { children } = element.props
  if (children === undefined || children === null) return element
  const collapsed = Array.isArray(children)
    ? await Promise.all(children.map((child: ReactNode) => collapseNode(child)))
    : [await collapseNode(children)]
  return cloneElement(element, undefined, ...collapsed)
}

async function hostPart(tagName: string, props: Props): Promise<Part> {
  const properties = attributesOf(props)
  const inner = (props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html
  const children = inner === undefined ? await partsOf(props.children) : []
  const { children: _children, ...ownProps } = props
  if (properties && children.every((part) => part.static)) {
    const hastChildren: ElementContent[] =
      inner === undefined ? children.map((part) => part.hast) : [{ type: 'raw', value: inner }]
    const react = () =>
      // A leaf of plain text costs less as a React text child than as an HTML string.
      inner === undefined && hastChildren.every((child) => child.type === 'text')
        ? createElement(tagName, ownProps, ...children.map((part) => part.react()))
        : createElement(tagName, { ...ownProps, dangerouslySetInnerHTML: { __html: html(hastChildren) } })
    return {
      static: true,
      hast: { type: 'element', tagName, properties, children: hastChildren } satisfies Element,
      react,
    }
  }
  return {
    static: false,
    react: createElement(
      tagName,
      ownProps,
      ...children.map((part) => (part.static ? part.react() : part.react)),
    ),
  }
}

/**
 * The same tree, with every element whose whole content is static turned into that element with
 * its content as one HTML string.
 */
export async function collapseStatic(tree: ReactNode): Promise<ReactNode> {
  const parts = await partsOf(tree)
  return createElement(Fragment, null, ...parts.map((part) => (part.static ? part.react() : part.react)))
}

/** The HTML of a tree that is static throughout (tests and tools); throws if a part is not. */
export async function renderStaticMarkup(tree: ReactNode): Promise<string> {
  const parts = await partsOf(tree)
  if (!parts.every((part) => part.static)) throw new Error('static markup: the tree holds a client component')
  return html(parts.map((part) => part.hast))
}
