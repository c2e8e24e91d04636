/**
 * The reference as other features see it: the libraries and their URLs, the loaded sections, the
 * section model (every section as an ordered list of labelled parts, plus the responses shared by
 * a whole page) that the pages, the Markdown export and the search records all walk, the host
 * rewrites, and the spec parsers the CLI generator checks its output with.
 *
 *   const model = await loadReferenceModel('javascript-v2')
 *   for (const section of model.sections) sectionPath(model.library, section.slug)
 *
 * Everything here runs in plain Node (build scripts, tests). The page components, which import
 * the stylesheet, are in `./pages`. Deeper paths are private to this folder (eslint.config.js).
 */
export {
  REFERENCE_LIBRARIES,
  crawlerPath,
  getLibrary,
  libraryBasePath,
  sectionPath,
  type ReferenceLibrary,
} from './libraries'
export {
  listReferenceSitemapEntries,
  loadReference,
  type LoadedReference,
  type ReferenceSection,
  type SubcommandLink,
} from './load-reference'
export type { ReferenceSectionNode } from './section-tree'
export {
  FLAG_COLUMNS,
  OPERATION_PARAM_COLUMNS,
  PART_LABELS,
  SECTION_PARTS,
  buildReferenceModel,
  buildSectionModels,
  firstSentence,
  loadReferenceModel,
  type CodeSample,
  type ExampleModel,
  type PartKind,
  type ReferenceModel,
  type SectionModel,
  type SectionPart,
  type SharedResponseModel,
  type SharedResponseRef,
} from './section-model'
export type { OperationMediaType, OperationModel, SchemaView } from './operation-model'
export type { CliCommand, CliExample, CliFlag, CliSpec } from './schemas/cli-spec'
export type { ClientFunction, ExampleTable, FunctionParam } from './schemas/client-library-spec'
export type { SectionEntry, SectionTreeFile } from './schemas/section-tree'
export { REFERENCE_REWRITE_RULES, rewriteReferencePath, type KnownSections } from './rewrites'
export { loadKnownSections, writeReferenceHostRules } from './write-host-rules'
export { parseCliSpec, parseSectionTree } from './load-spec'
export { unwrapSpec } from './spec-problems'
export { writeExamplesModule } from './run/generate-examples'
