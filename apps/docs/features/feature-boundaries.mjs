// Each folder under features/ is one capability. Others reach it only through its public surface:
// `index.ts` (logic, data and types, safe for Node scripts and tests), `components.ts` (its React
// components) and the few entry points named here, each for a reason given beside it. The ESLint
// rule built from this table and `feature-boundaries.test.ts` hold the line.
import { readdirSync } from 'node:fs'
import path from 'node:path'

export const FEATURES_DIR = path.join(import.meta.dirname)

/** Entry points besides `index` and `components`. */
export const EXTRA_ENTRIES = {
  // Build-time writers and checks: they read the file system and load compilers, so they stay out
  // of the index that pages import.
  assistants: ['write-reference-data'],
  'code-samples': ['check-typescript', 'collect-samples', 'run-checks'],
  guides: ['run/generate-guide-examples'],
  'markdown-export': ['write-markdown-export'],
  'pglite-data-dirs': ['write-data-dirs'],
  'try-app': ['build-app'],
  search: ['index-site'],
  // Imported by client code, which must not pull the rest of the index into the browser.
  navigation: ['plain-click'],
  'project-config': ['ProjectUrlPicker.client'],
  tabs: ['tab-set.client'],
  theme: ['ThemeSwitch.client'],
  // The reference's page components, its URL table and the Run machinery the guides share.
  reference: ['pages', 'rewrites', 'runner', 'run-result.css'],
}

export function featureNames() {
  return readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/**
 * Negated patterns that let `entry` through. The patterns are gitignore-style, where a file in a
 * closed folder cannot be reopened: a nested entry (`run/generate-guide-examples`) reopens its
 * folder, closes the folder's other files again, then reopens itself.
 */
function reopen(prefix, entry) {
  const parts = entry.split('/')
  return parts.flatMap((part, index) => {
    const folder = parts.slice(0, index + 1).join('/')
    return index < parts.length - 1
      ? [`!${prefix}${folder}`, `${prefix}${folder}/*`]
      : [`!${prefix}${folder}`]
  })
}

/** `no-restricted-imports` patterns: a deeper path into any capability from outside it. */
export function deepImportPatterns(features = featureNames()) {
  return features.map((feature) => {
    const allowed = ['index', 'components', ...(EXTRA_ENTRIES[feature] ?? [])]
    const prefixes = [`**/features/${feature}/`, `../${feature}/`, `../../${feature}/`]
    return {
      group: prefixes.flatMap((prefix) => [
        `${prefix}*`,
        ...allowed.flatMap((entry) => reopen(prefix, entry)),
      ]),
      message: `Import the ${feature} capability from its public surface: '@/features/${feature}' (index.ts), '@/features/${feature}/components' or an entry point listed in apps/docs/features/feature-boundaries.mjs.`,
    }
  })
}
