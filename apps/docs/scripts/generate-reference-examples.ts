/**
 * Writes features/reference/run/examples.generated.ts from the supabase-js v2 spec: the runnable
 * examples compiled into a module. Run it after changing an example with a data source; the
 * reference's run test fails while the file is stale.
 */
import path from 'node:path'
import { writeExamplesModule } from '@/features/reference'

const written = await writeExamplesModule(path.join(import.meta.dirname, '..'))
console.log(`Wrote ${written}`)
