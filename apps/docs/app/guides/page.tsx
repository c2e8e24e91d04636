import type { Metadata } from 'next'
import { guidesNav } from '@/features/navigation'
import { listGuides } from '@/features/guides'

export const metadata: Metadata = {
  title: 'Guides',
  description: 'Every guide, grouped by topic: getting started, the database, auth, storage and production.',
  alternates: { canonical: '/guides' },
}

export default function GuidesIndexPage() {
  const descriptions = new Map(listGuides().map((guide) => [guide.href, guide.frontMatter.description]))
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-10 outline-none">
      <h1 className="text-3xl font-bold tracking-tight">Guides</h1>
      <p className="mt-2 text-lg text-[var(--muted)]">
        Task-focused pages, in reading order. Start at the top if you are new.
      </p>
      <nav aria-label="Guide groups" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {guidesNav.map((section) => (
            <li key={section.title}>
              <a
                href={`#${sectionId(section.title)}`}
                className="block rounded-full border border-[var(--border)] px-3 py-1 hover:border-[var(--accent)] hover:text-[var(--text)]"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {guidesNav.map((section) => (
        <section
          key={section.title}
          className="mt-10 scroll-mt-20"
          aria-labelledby={sectionId(section.title)}
        >
          <h2 id={sectionId(section.title)} className="text-xl font-semibold">
            {section.title}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {section.items.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="block h-full rounded-lg border border-[var(--border)] p-4 hover:border-[var(--accent)]"
                >
                  <span className="font-medium">{item.title}</span>
                  <span className="mt-1 block text-sm text-[var(--muted)]">
                    {descriptions.get(item.href)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  )
}

function sectionId(title: string): string {
  return `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}
