import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { listGuides } from '@/features/guides'
import { libraryBasePath, REFERENCE_LIBRARIES } from '@/features/reference'
import { NO_RESULTS_SUGGESTIONS } from './no-results'

/** Every page the site builds at a fixed path: guides, the guides index, the references. */
function sitePaths(): Set<string> {
  const paths = new Set(listGuides().map((guide) => guide.href))
  if (existsSync(path.join(import.meta.dirname, '../../app/guides/page.tsx'))) paths.add('/guides')
  for (const library of REFERENCE_LIBRARIES) paths.add(libraryBasePath(library))
  return paths
}

describe('pages suggested when nothing matches', () => {
  it('offers three different pages that exist', () => {
    expect(NO_RESULTS_SUGGESTIONS).toHaveLength(3)
    expect(new Set(NO_RESULTS_SUGGESTIONS.map((page) => page.url)).size).toBe(3)
    const paths = sitePaths()
    for (const page of NO_RESULTS_SUGGESTIONS) expect(paths, page.url).toContain(page.url)
  })
})
