import seedData from './seed.json' with { type: 'json' }
import { parseSeed, type Seed } from './schema'

const SOURCE = 'packages/platform-api/src/seed/seed.json'

/** The seed the server ships with, validated once on first use. */
export function loadDefaultSeed(): Seed {
  const result = parseSeed(seedData, SOURCE)
  if (!result.ok) throw new Error(result.error)
  return result.seed
}
