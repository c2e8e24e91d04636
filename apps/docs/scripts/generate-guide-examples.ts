/**
 * Writes features/guides/run/guide-examples.generated.ts from the guides' `runnable` supabase-js
 * blocks. Run it after changing such a block or the SQL above it; the guides' run test fails
 * while the file is stale.
 */
import path from 'node:path'
import { writeGuideExamplesModule } from '@/features/guides/run/generate-guide-examples'

const { file, count } = writeGuideExamplesModule(path.join(import.meta.dirname, '..'))
console.log(`Wrote ${file} (${count} examples)`)
