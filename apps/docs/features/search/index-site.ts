import { listGuides } from '@/features/guides'
import { guidesNav } from '@/features/navigation'
import { loadReferenceModel } from '@/features/reference'
import { buildSearchIndex, type SearchIndexSummary } from './build-search-index'
import { listSearchRecords } from './search-records'

/** Indexes the export's guides and reference sections into `<outDir>/pagefind/`. */
export async function indexSite(outDir: string): Promise<SearchIndexSummary> {
  const records = await listSearchRecords(
    listGuides(),
    guidesNav,
    async (library) => (await loadReferenceModel(library.key)).sections,
  )
  return buildSearchIndex(outDir, records)
}
