/**
 * The folder (inside apps/docs) the static export is written to and served from: `out`, or
 * DOCS_EXPORT_DIR for a build made with other settings. `npm test` builds into its own folder
 * with its own ports, so a site served by `npm start` from `out` keeps working meanwhile.
 */
export const DEFAULT_EXPORT_DIR = 'out'

export function exportDirName(env: Record<string, string | undefined> = process.env): string {
  const name = env.DOCS_EXPORT_DIR?.trim() || DEFAULT_EXPORT_DIR
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name)) {
    throw new Error(
      `DOCS_EXPORT_DIR must be a folder name inside apps/docs such as "out-test", got "${name}"`,
    )
  }
  return name
}
