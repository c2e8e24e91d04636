import { Island } from '@/components/ui/Island'
import { siteConfig } from '@/lib/site-config'
import { ThemeSwitch } from '@/features/theme/ThemeSwitch.client'
import { productAreas } from './product-areas'

export function Footer() {
  return (
    <footer className="mt-16 border-t border-[var(--border)] text-sm text-[var(--muted)]">
      <div className="mx-auto flex max-w-[90rem] flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {productAreas.map((area) => (
              <li key={area.href}>
                <a href={area.href} className="tap-target hover:text-[var(--text)]">
                  {area.title}
                </a>
              </li>
            ))}
            <li>
              <a href={siteConfig.dashboardUrl} className="tap-target hover:text-[var(--text)]">
                Dashboard
              </a>
            </li>
            <li>
              <a href={siteConfig.repositoryUrl} className="tap-target hover:text-[var(--text)]">
                Source on GitHub
              </a>
            </li>
          </ul>
        </nav>
        <div className="sm:hidden">
          <Island name="ThemeSwitch" component={ThemeSwitch} props={{}} />
        </div>
        <p>© {siteConfig.productName}. Docs licensed under CC BY 4.0.</p>
      </div>
    </footer>
  )
}
