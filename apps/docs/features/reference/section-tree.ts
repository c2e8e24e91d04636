/**
 * Turns a parsed `sections.yaml` into the navigation tree of one library page: defaults applied,
 * `include` entries expanded from the spec, every reference checked against the spec, slugs unique.
 */
import type { SectionEntry, SectionKind, SectionTreeFile } from './schemas/section-tree'
import type { FieldPath } from './spec-problems'

/** What the spec of the library offers to its section tree. */
export interface SectionSources {
  /** Name of the spec in messages: "the CLI spec". */
  specName: string
  /** Kinds this library can show besides `markdown`. */
  kinds: readonly Exclude<SectionKind, 'markdown'>[]
  functions?: ReadonlyMap<string, { title: string }>
  commands?: ReadonlyArray<{ id: string; title: string; group?: string; tags: string[] }>
  operations?: ReadonlyArray<{ operationId: string; summary?: string; tags: string[] }>
  /** Resolves a markdown section's file (relative to sections.yaml) and says whether it exists. */
  markdownFile: (relative: string) => { path: string; exists: boolean }
  /** Slugs taken by other routes of this library (`crawlers`, `v1`). */
  reservedSlugs: readonly string[]
}

export interface ReferenceSectionNode {
  id: string
  slug: string
  title: string
  kind: SectionKind
  /** Function id, command id or operationId; for markdown, the absolute file path. */
  target: string
  /** Title of the category the section is listed under. */
  category: string
  /** Depth in the menu: 0 for a category's own sections. */
  depth: number
  children: ReferenceSectionNode[]
  /** Markdown: the library's global flags follow the text (`global_flags` in sections.yaml). */
  globalFlags?: true
}

export interface ReferenceCategory {
  title: string
  sections: ReferenceSectionNode[]
}

export interface ReferenceSectionTree {
  categories: ReferenceCategory[]
  /** Every section in page order: each parent before its children. */
  sections: ReferenceSectionNode[]
  bySlug: ReadonlyMap<string, ReferenceSectionNode>
}

export type ReportProblem = (path: FieldPath, message: string) => void

export const DEFAULT_MARKDOWN_DIR = 'markdown'

function targetOf(entry: SectionEntry): string | undefined {
  switch (entry.kind) {
    case 'markdown':
      return entry.file ?? `${DEFAULT_MARKDOWN_DIR}/${entry.id}.mdx`
    case 'function':
      return entry.function_id ?? entry.id
    case 'cli-command':
      return entry.command_id ?? entry.id
    case 'operation':
      return entry.operation_id ?? entry.id
  }
}

/** Operation ids are camelCase or snake_case in many documents; slugs are kebab-case. */
export function slugifyOperationId(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
}

/**
 * Builds the tree, reporting every problem through `report` with its path in sections.yaml.
 * Returns the tree even when problems were reported; callers check the problem count.
 */
export function buildSectionTree(
  file: SectionTreeFile,
  sources: SectionSources,
  report: ReportProblem,
): ReferenceSectionTree {
  const commandIds = new Set(sources.commands?.map((command) => command.id))
  const operationIds = new Set(sources.operations?.map((operation) => operation.operationId))
  const explicitTargets = new Set<string>()

  const collectTargets = (entries: SectionEntry[]) => {
    for (const entry of entries) {
      if (entry.kind === 'cli-command' || entry.kind === 'operation') {
        explicitTargets.add(`${entry.kind}:${targetOf(entry)}`)
      }
      if (entry.items) collectTargets(entry.items)
    }
  }
  file.categories.forEach((category) => collectTargets(category.sections))

  const checkTarget = (entry: SectionEntry, at: FieldPath): string => {
    const target = targetOf(entry) ?? entry.id
    if (entry.kind !== 'markdown' && !sources.kinds.includes(entry.kind)) {
      report([...at, 'kind'], `section "${entry.id}": ${sources.specName} has no ${entry.kind} sections`)
      return target
    }
    switch (entry.kind) {
      case 'markdown': {
        const resolved = sources.markdownFile(target)
        if (!resolved.exists) {
          report(
            [...at, entry.file === undefined ? 'id' : 'file'],
            `section "${entry.id}": markdown file ${target} not found`,
          )
        }
        return resolved.path
      }
      case 'function':
        if (!sources.functions?.has(target)) {
          report(
            [...at, entry.function_id === undefined ? 'id' : 'function_id'],
            `section "${entry.id}": ${sources.specName} has no function "${target}"`,
          )
        }
        return target
      case 'cli-command':
        if (!commandIds.has(target)) {
          report(
            [...at, entry.command_id === undefined ? 'id' : 'command_id'],
            `section "${entry.id}": ${sources.specName} has no command "${target}"`,
          )
        }
        return target
      case 'operation':
        if (!operationIds.has(target)) {
          report(
            [...at, entry.operation_id === undefined ? 'id' : 'operation_id'],
            `section "${entry.id}": ${sources.specName} has no operationId "${target}"`,
          )
        }
        return target
    }
  }

  // Where each node comes from in sections.yaml, for problems found once the tree is expanded.
  const origins = new Map<ReferenceSectionNode, FieldPath>()

  const toNode = (
    entry: SectionEntry,
    at: FieldPath,
    category: string,
    depth: number,
  ): ReferenceSectionNode => {
    const node: ReferenceSectionNode = {
      id: entry.id,
      slug: entry.slug ?? entry.id,
      title: entry.title,
      kind: entry.kind,
      target: checkTarget(entry, at),
      category,
      depth,
      children: (entry.items ?? []).map((child, index) =>
        toNode(child, [...at, 'items', index], category, depth + 1),
      ),
      ...(entry.kind === 'markdown' && entry.global_flags ? { globalFlags: true as const } : {}),
    }
    origins.set(node, at)
    return node
  }

  const included = (
    include: NonNullable<SectionTreeFile['categories'][number]['include']>,
    at: FieldPath,
    category: string,
  ): ReferenceSectionNode[] => {
    if (!sources.kinds.includes(include.kind)) {
      report([...at, 'kind'], `${sources.specName} has no ${include.kind} sections`)
      return []
    }
    const nodes: ReferenceSectionNode[] = []
    if (include.kind === 'cli-command') {
      for (const command of sources.commands ?? []) {
        const tagged = command.group === include.tag || command.tags.includes(include.tag)
        if (!tagged || explicitTargets.has(`cli-command:${command.id}`)) continue
        nodes.push(leaf(command.id, command.id, command.title, 'cli-command', category))
      }
    } else {
      for (const operation of sources.operations ?? []) {
        if (!operation.tags.includes(include.tag)) continue
        if (explicitTargets.has(`operation:${operation.operationId}`)) continue
        const slug = slugifyOperationId(operation.operationId)
        const title = operation.summary?.trim() || operation.operationId
        nodes.push({ ...leaf(slug, slug, title, 'operation', category), target: operation.operationId })
      }
    }
    for (const node of nodes) origins.set(node, at)
    if (nodes.length === 0) {
      report([...at, 'tag'], `no ${include.kind} of ${sources.specName} is tagged "${include.tag}"`)
    }
    return nodes
  }

  const categories: ReferenceCategory[] = file.categories.map((category, c) => ({
    title: category.title,
    sections: [
      ...category.sections.map((entry, index) =>
        toNode(entry, ['categories', c, 'sections', index], category.title, 0),
      ),
      ...(category.include ? included(category.include, ['categories', c, 'include'], category.title) : []),
    ],
  }))

  const sections: ReferenceSectionNode[] = []
  const walk = (nodes: ReferenceSectionNode[]) => {
    for (const node of nodes) {
      sections.push(node)
      walk(node.children)
    }
  }
  categories.forEach((category) => walk(category.sections))

  // Included sections can collide with hand-written ones; check the whole tree once expanded.
  const bySlug = new Map<string, ReferenceSectionNode>()
  const ids = new Set<string>()
  for (const node of sections) {
    const at = origins.get(node) ?? []
    if (sources.reservedSlugs.includes(node.slug)) {
      report(at, `section "${node.id}": slug "${node.slug}" is reserved on this page`)
    }
    if (bySlug.has(node.slug)) {
      report(at, `section "${node.id}": slug "${node.slug}" is used twice`)
    } else bySlug.set(node.slug, node)
    if (ids.has(node.id)) report(at, `section id "${node.id}" is used twice`)
    ids.add(node.id)
  }

  return { categories, sections, bySlug }
}

function leaf(
  id: string,
  slug: string,
  title: string,
  kind: SectionKind,
  category: string,
): ReferenceSectionNode {
  return { id, slug, title, kind, target: id, category, depth: 0, children: [] }
}
