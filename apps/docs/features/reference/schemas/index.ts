/**
 * Schemas of the reference content, one file per kind of file. Every file under
 * `content/reference/` (or $REFERENCE_CONTENT_DIR) is parsed with one of them before anything is
 * rendered; a file that does not match fails the build naming the file, the field and the line
 * (see `../load-spec.ts`). Rules that span several fields (unique ids, references between
 * fields) live inside the schemas, in `superRefine`.
 *
 *   cli/spec.yaml                      cli-spec.ts             `CliSpecSchema`
 *   javascript/v2/spec.yaml, v1/...    client-library-spec.ts  `ClientLibSpecSchema`
 *   api/openapi.json                   openapi.ts              `OpenApiDocumentSchema`
 *   <dir>/sections.yaml                section-tree.ts         `SectionTreeSchema`
 *   <dir>/markdown/<id>.mdx            body of a `markdown` section (no schema)
 *
 * Pieces they share (ids, slugs, links, the duplicate rule) are in common.ts.
 */
export * from './cli-spec'
export * from './client-library-spec'
export * from './openapi'
export * from './section-tree'
