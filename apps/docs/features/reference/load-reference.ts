/**
 * Loads one library's reference at build time: its spec and section tree, validated and joined
 * into the list of sections the pages render. A broken file throws `ReferenceSpecError`, which
 * fails the build naming the file and field.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { docsRoot } from '@/lib/repo-paths'
import {
  REFERENCE_LIBRARIES,
  getLibrary,
  libraryBasePath,
  reservedSegments,
  sectionPath,
  type ReferenceLibrary,
} from './libraries'
import {
  displayPath,
  loadCliSpec,
  loadClientLibSpec,
  loadOpenApiDocument,
  loadReferenceSectionTree,
} from './load-spec'
import { buildRequestExamples, type RequestExample } from './operation-request'
import {
  buildOperationModels,
  buildSharedResponses,
  type OperationModel,
  type SharedResponse,
} from './operation-model'
import type { CliCommand, CliFlag, ClientFunction } from './schemas'
import type { ReferenceSectionNode, ReferenceSectionTree, SectionSources } from './section-tree'
import { ReferenceSpecError, type SpecProblem } from './spec-problems'

/** Environment variable pointing the loader at another content folder (used by the benchmarks). */
export const REFERENCE_CONTENT_DIR_ENV = 'REFERENCE_CONTENT_DIR'

export function referenceContentRoot(): string {
  const override = process.env[REFERENCE_CONTENT_DIR_ENV]
  return override ? path.resolve(override) : path.join(docsRoot(), 'content', 'reference')
}

export interface SubcommandLink {
  id: string
  title: string
  summary: string
  /** Slug of the subcommand's section on the same page, when it has one. */
  slug?: string
}

export type SectionContent =
  | {
      kind: 'markdown'
      file: string
      source: string
      /** CLI: the flags every command takes, listed after the text. */
      globalFlags?: CliFlag[]
    }
  | {
      kind: 'function'
      fn: ClientFunction
      language: string
      /** Its examples with a data source have a Run button (the library's `runsExamples`). */
      runsExamples?: boolean
    }
  | {
      kind: 'cli-command'
      command: CliCommand
      subcommands: SubcommandLink[]
      language: string
    }
  | { kind: 'operation'; operation: OperationModel; request?: RequestExample }

export interface ReferenceSection extends ReferenceSectionNode {
  content: SectionContent
}

export interface LoadedReference {
  library: ReferenceLibrary
  /** Version of what the spec documents (`2.45.0`, `1.187.14`). */
  specVersion: string
  description?: string
  tree: ReferenceSectionTree
  /** Page order. */
  sections: ReferenceSection[]
  /** CLI only: flags every command accepts. */
  globalFlags: CliFlag[]
  /** OpenAPI only: responses many operations share, documented once on the page. */
  sharedResponses: SharedResponse[]
}

interface Spec {
  version: string
  description?: string
  sources: Omit<SectionSources, 'markdownFile' | 'reservedSlugs'>
  contentFor: (node: ReferenceSectionNode) => SectionContent
  globalFlags: CliFlag[]
  sharedResponses?: SharedResponse[]
}

async function loadSpec(library: ReferenceLibrary, specFile: string): Promise<Spec> {
  switch (library.specKind) {
    case 'cli': {
      const spec = await loadCliSpec(specFile)
      const commands = new Map(spec.commands.map((command) => [command.id, command]))
      return {
        version: spec.info.version,
        description: spec.info.description,
        globalFlags: spec.flags,
        sources: {
          specName: `the CLI spec (${displayPath(specFile)})`,
          kinds: ['cli-command'],
          commands: spec.commands,
        },
        contentFor: (node) => {
          const command = commands.get(node.target)
          if (!command) throw new Error(`Unknown command ${node.target}`)
          return {
            kind: 'cli-command',
            command,
            language: spec.info.language,
            subcommands: command.subcommands.map((id) => {
              const sub = commands.get(id)
              return { id, title: sub?.title ?? id, summary: sub?.summary ?? '' }
            }),
          }
        },
      }
    }
    case 'client-library': {
      const spec = await loadClientLibSpec(specFile)
      const functions = new Map(spec.functions.map((fn) => [fn.id, fn]))
      return {
        version: spec.info.version,
        description: spec.info.description,
        globalFlags: [],
        sources: {
          specName: `the client library spec (${displayPath(specFile)})`,
          kinds: ['function'],
          functions,
        },
        contentFor: (node) => {
          const fn = functions.get(node.target)
          if (!fn) throw new Error(`Unknown function ${node.target}`)
          return { kind: 'function', fn, language: spec.info.language, runsExamples: library.runsExamples }
        },
      }
    }
    case 'openapi': {
      const doc = await loadOpenApiDocument(specFile)
      const problems: SpecProblem[] = []
      const operations = buildOperationModels(doc, (fieldPath, message) =>
        problems.push({ file: displayPath(specFile), path: fieldPath, message }),
      )
      const sharedResponses = buildSharedResponses(doc, operations.values(), (fieldPath, message) =>
        problems.push({ file: displayPath(specFile), path: fieldPath, message }),
      )
      if (problems.length > 0) throw new ReferenceSpecError(problems)
      const requests = buildRequestExamples(doc)
      return {
        version: doc.info.version,
        description: doc.info.description,
        globalFlags: [],
        sharedResponses,
        sources: {
          specName: `the OpenAPI document (${displayPath(specFile)})`,
          kinds: ['operation'],
          operations: [...operations.values()],
        },
        contentFor: (node) => {
          const operation = operations.get(node.target)
          if (!operation) throw new Error(`Unknown operation ${node.target}`)
          return { kind: 'operation', operation, request: requests.get(node.target) }
        },
      }
    }
  }
}

/** Links each subcommand to its section when the page has one. */
function linkSubcommands(sections: ReferenceSection[]): void {
  const slugByCommand = new Map(
    sections
      .filter((section) => section.kind === 'cli-command')
      .map((section) => [section.target, section.slug]),
  )
  for (const section of sections) {
    if (section.content.kind !== 'cli-command') continue
    for (const subcommand of section.content.subcommands) {
      subcommand.slug = slugByCommand.get(subcommand.id)
    }
  }
}

export async function loadReferenceFrom(
  library: ReferenceLibrary,
  contentRoot: string,
  libraries: readonly ReferenceLibrary[] = REFERENCE_LIBRARIES,
): Promise<LoadedReference> {
  const dir = path.join(contentRoot, library.contentDir)
  const spec = await loadSpec(library, path.join(dir, library.specFile))
  const treeFile = path.join(dir, 'sections.yaml')
  const tree = await loadReferenceSectionTree(treeFile, {
    ...spec.sources,
    markdownFile: (relative) => {
      const resolved = path.resolve(dir, relative)
      return { path: resolved, exists: resolved.startsWith(dir) && existsSync(resolved) }
    },
    reservedSlugs: reservedSegments(library, libraries),
  })
  const markdownContent = (node: ReferenceSectionNode): SectionContent => {
    const file = displayPath(node.target)
    if (node.globalFlags && spec.globalFlags.length === 0) {
      throw new Error(
        `${displayPath(treeFile)}: section "${node.id}" lists global flags, but ${library.name} has none`,
      )
    }
    return {
      kind: 'markdown',
      file,
      source: readFileSync(node.target, 'utf8'),
      ...(node.globalFlags ? { globalFlags: spec.globalFlags } : {}),
    }
  }
  const sections: ReferenceSection[] = tree.sections.map((node) => ({
    ...node,
    content: node.kind === 'markdown' ? markdownContent(node) : spec.contentFor(node),
  }))
  // The page lists the global flags only where a section says so: none may go missing.
  if (spec.globalFlags.length > 0 && !tree.sections.some((node) => node.globalFlags)) {
    throw new Error(
      `${displayPath(treeFile)}: ${library.name} has global flags, but no section lists them (global_flags: true)`,
    )
  }
  linkSubcommands(sections)
  return {
    library,
    specVersion: spec.version,
    description: spec.description,
    tree,
    sections,
    globalFlags: spec.globalFlags,
    sharedResponses: spec.sharedResponses ?? [],
  }
}

const cache = new Map<string, Promise<LoadedReference>>()

/** The library's reference from the content folder; loaded once per build process. */
export function loadReference(key: string): Promise<LoadedReference> {
  const root = referenceContentRoot()
  const cacheKey = `${root}\u0000${key}`
  let loaded = cache.get(cacheKey)
  if (!loaded) {
    loaded = loadReferenceFrom(getLibrary(key), root)
    cache.set(cacheKey, loaded)
  }
  return loaded
}

export interface ReferenceSitemapEntry {
  /** Site path: `/reference/javascript/select`. */
  path: string
  /** 0..1, for the sitemap. */
  priority: number
}

/** The long pages and every canonical section URL, for the sitemap. */
export async function listReferenceSitemapEntries(): Promise<ReferenceSitemapEntry[]> {
  const entries: ReferenceSitemapEntry[] = []
  for (const library of REFERENCE_LIBRARIES) {
    const reference = await loadReference(library.key)
    const latest = library.latestKey === undefined
    entries.push({ path: libraryBasePath(library), priority: latest ? 0.8 : 0.4 })
    for (const section of reference.sections) {
      entries.push({ path: sectionPath(library, section.slug), priority: latest ? 0.6 : 0.3 })
    }
  }
  return entries
}
