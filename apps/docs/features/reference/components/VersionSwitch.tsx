import { REF_ATTR, dataAttr } from '../dom-contract'
import { libraryBasePath, versionLabel, type ReferenceLibrary } from '../libraries'

/**
 * The library's versions, in the page's sticky bar (beside "Contents" on a phone, above the menu
 * on a wide screen), so a reader who lands deep in the page sees which version it is and can
 * switch. The other versions' links start at their tops; the page script points them at the same
 * section there as the reader moves, or says that the section is not there (`versions.ts`).
 */
export function VersionSwitch({
  library,
  versions,
}: {
  library: ReferenceLibrary
  /** Every version, newest first (`versionsOf`). */
  versions: readonly ReferenceLibrary[]
}) {
  return (
    <div className="ref-versions">
      <nav aria-label="Library version" className="ref-version-switch">
        {versions.map((version) =>
          version.key === library.key ? (
            <a key={version.key} href={libraryBasePath(version)} aria-current="page">
              {versionLabel(version)}
            </a>
          ) : (
            <a
              key={version.key}
              href={libraryBasePath(version)}
              {...dataAttr(REF_ATTR.versionLink, version.key)}
            >
              {versionLabel(version)}
            </a>
          ),
        )}
      </nav>
      {library.latestKey ? <p className="ref-older">Older version</p> : null}
    </div>
  )
}

/**
 * Shown only after a switch from another version whose section this one does not have: the switch
 * then opens this page's top with `?from=` (versions.ts), and an inline script shows this note
 * before the first paint, so it moves nothing.
 */
export function SwitchedVersionNote({ library }: { library: ReferenceLibrary }) {
  const label = versionLabel(library)
  return (
    <p className="ref-notice ref-switched" role="note">
      The section you were reading is not in {label}, so this is the top of the {label} reference.
    </p>
  )
}
