import { ProviderLogo } from './ProviderLogo'
import { socialProviders } from './provider-catalogue'

/** The grid of social-login providers on the overview page; each card links to its guide. */
export function ProviderGrid() {
  return (
    <div
      role="list"
      className="not-prose my-6 grid grid-cols-2 gap-3 sm:grid-cols-3"
      aria-label="Social login providers"
      data-provider-grid="social"
    >
      {socialProviders.map((provider) => (
        <div key={provider.id} role="listitem">
          <a
            href={provider.href}
            className="no-underline flex items-center gap-3 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-4 py-3 text-[var(--text)] transition-colors hover:border-[var(--accent)] focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
          >
            <ProviderLogo provider={provider} />
            <span className="font-medium">{provider.name}</span>
          </a>
        </div>
      ))}
    </div>
  )
}
