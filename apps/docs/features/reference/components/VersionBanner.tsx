import { REF_ATTR, dataAttr } from '../dom-contract'
import type { ReferenceLibrary } from '../libraries'

/**
 * Shown on an older version's page. The link starts at the latest version's top; the page script
 * points it at the same section there as the reader moves (when that section exists).
 */
export function VersionBanner({
  library,
  latest,
  latestHref,
}: {
  library: ReferenceLibrary
  latest: ReferenceLibrary
  latestHref: string
}) {
  return (
    <div className="ref-banner" role="note">
      <p>
        You are reading the reference for {library.versionLabel ?? 'an older version'}, an older version.{' '}
        <a href={latestHref} {...dataAttr(REF_ATTR.versionLink, latest.key)}>
          Go to the latest version{latest.versionLabel ? ` (${latest.versionLabel})` : ''}
        </a>
      </p>
    </div>
  )
}
