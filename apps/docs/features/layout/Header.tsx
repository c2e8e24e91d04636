import { Island } from '@/components/ui/Island'
import { siteConfig } from '@/lib/site-config'
import { SearchButton } from '@/features/search/components'
import { ThemeSwitch } from '@/features/theme/ThemeSwitch.client'
import { ProductAreaLinks } from './ProductAreaLinks.client'
import { SiteMenu } from './SiteMenu.client'

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--bg)]/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-[90rem] items-center gap-4 px-4">
        <a href="/" className="flex shrink-0 items-center gap-2 font-semibold">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
            <rect x="2" y="2" width="20" height="20" rx="6" fill="var(--accent)" />
            <path d="M7 8h10M7 12h7M7 16h10" stroke="var(--bg)" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{siteConfig.productName}</span>
          <span className="text-[var(--muted)]">Docs</span>
        </a>
        {/* Below lg the areas and the theme switch move into the site menu: from md up they would
            already overflow the bar, hiding the last areas behind a sideways scroll. */}
        <nav aria-label="Product areas" className="hidden min-w-0 flex-1 overflow-x-auto lg:block">
          <Island name="ProductAreaLinks" component={ProductAreaLinks} props={{ layout: 'bar' }} />
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2 lg:ml-0">
          <Island name="SearchButton" component={SearchButton} props={{}} />
          <Island name="SiteMenu" component={SiteMenu} props={{}} />
        </div>
        <div className="hidden shrink-0 lg:block">
          <Island name="ThemeSwitch" component={ThemeSwitch} props={{}} />
        </div>
      </div>
    </header>
  )
}
