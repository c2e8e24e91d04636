/**
 * Writes the search index of the export (`<export>/pagefind/`). Postbuild starts it as a process of
 * its own as soon as the pages are final, so indexing runs beside the Markdown export and the link
 * check instead of after them; it can also be run alone after a build.
 */
import path from 'node:path'
import { indexSite } from '@/features/search/index-site'
import { defaultRoot } from '../server/serve'

const search = await indexSite(defaultRoot)
console.log(
  `Search: ${search.pages} pages indexed (${search.words} words) into ${path.relative(process.cwd(), search.outputPath)}.`,
)
