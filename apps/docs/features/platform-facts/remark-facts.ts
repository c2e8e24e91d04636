/**
 * Checks every `<Fact>` of a guide while it compiles, so an unknown id or format fails the build
 * with the page, the line and the id, before anything renders.
 */
import type { Root } from 'mdast'
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx'
import { visit } from 'unist-util-visit'
import { FACT_FORMATS, isFactFormat, loadFacts, requireFact, type FactsFile } from './facts'

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement

export interface FactUse {
  id: string | undefined
  format: string | undefined
  /** `content/guides/functions/limits.mdx:12`, for errors. */
  where: string
}

/** A string attribute's value; an `{...}` expression is refused, since the build must know the id. */
function stringAttribute(element: JsxElement, name: string, where: string): string | undefined {
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || attribute.name !== name) continue
    if (typeof attribute.value === 'string') return attribute.value
    throw new Error(`${where}: <Fact ${name}=...>: write the ${name} as a plain string (${name}="...")`)
  }
  return undefined
}

/** Every `<Fact>` of a parsed MDX tree, in page order. */
export function factUses(tree: Root, file: string): FactUse[] {
  const uses: FactUse[] = []
  visit(tree, (node) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return
    const element = node as JsxElement
    if (element.name !== 'Fact') return
    const line = element.position?.start.line
    const where = line === undefined ? file : `${file}:${line}`
    uses.push({
      id: stringAttribute(element, 'id', where),
      format: stringAttribute(element, 'format', where),
      where,
    })
  })
  return uses
}

/** Throws `page:line: <Fact id="x">: no such fact in content/facts.yaml` for a bad use. */
export function checkFactUse(use: FactUse, facts: FactsFile = loadFacts()): void {
  requireFact(use.id, use.where, facts)
  if (use.format !== undefined && !isFactFormat(use.format)) {
    throw new Error(
      `${use.where}: <Fact id="${use.id}" format="${use.format}">: format must be one of ${FACT_FORMATS.join(', ')}`,
    )
  }
}

/** A remark plugin for the guides' compiler: every `<Fact>` of the page must name a known fact. */
export function remarkFacts(file: string, facts?: FactsFile) {
  return () => (tree: Root) => {
    const known = facts ?? loadFacts()
    for (const use of factUses(tree, file)) checkFactUse(use, known)
  }
}
