/**
 * The reference as other features see it: the libraries and their URLs, the loaded sections (the
 * model the pages, the Markdown export and the search records read), the host rewrites, and the
 * spec parsers the CLI generator checks its output with.
 *
 *   const reference = await loadReference('javascript-v2')
 *   for (const section of reference.sections) sectionPath(reference.library, section.slug)
 *
 * Everything here runs in plain Node (build scripts, tests). The page components, which import
 * the stylesheet, are in `./pages`. Deeper paths are private to this folder (eslint.config.js).
 */
export { REFERENCE_LIBRARIES, crawlerPath, getLibrary, sectionPath, type ReferenceLibrary } from './libraries'
export {
  listReferenceSitemapEntries,
  loadReference,
  type LoadedReference,
  type ReferenceSection,
  type SubcommandLink,
} from './load-reference'
export type { ReferenceSectionNode } from './section-tree'
export type { OperationMediaType, OperationModel, SchemaView } from './operation-model'
export type { CliCommand, CliExample, CliFlag, CliSpec } from './schemas/cli-spec'
export type { ClientFunction, ExampleTable, FunctionParam } from './schemas/client-library-spec'
export type { SectionEntry, SectionTreeFile } from './schemas/section-tree'
export { REFERENCE_REWRITE_RULES, rewriteReferencePath } from './rewrites'
export { writeReferenceHostRules } from './write-host-rules'
export { parseCliSpec, parseSectionTree } from './load-spec'
export { unwrapSpec } from './spec-problems'
