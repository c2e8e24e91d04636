import type { Metadata } from 'next'
import { listGuides } from '@/features/guides'
import { productAreas } from '@/features/layout'
import { guidesNav } from '@/features/navigation'
import { siteConfig } from '@/lib/site-config'
import { collapseStatic } from '@/lib/static-markup'

export const metadata: Metadata = {
  title: { absolute: `${siteConfig.productName} Docs` },
  description: `Guides and references for ${siteConfig.productName}: a Postgres database with auth, storage, realtime, edge functions and an instant REST API.`,
  alternates: { canonical: '/' },
}

/**
 * What each guide group covers, in our words; a group without a line here (a new one) shows its
 * first page's description, so the list below always has every group of the sidebar.
 */
const groupSummaries: Record<string, string> = {
  Database:
    'A full Postgres database per project, with extensions, row-level security and migrations you keep in git.',
  'REST API':
    'Every table and view is an HTTP endpoint the moment you create it, filtered and paged through the URL.',
  Auth: 'E-mail, magic links, phone, social providers, SSO and MFA, with users stored in your own database.',
  'Social login providers':
    'Each OAuth provider set up step by step for signing in, from Apple and GitHub to Google and Zoom.',
  Storage: 'Buckets for files and images, protected by the same policies as your tables.',
  Realtime: 'Listen to database changes, broadcast messages and share presence over WebSockets.',
  'Edge Functions': 'TypeScript functions that run close to your users, deployed with one command.',
  'Local development': 'The whole stack on your machine, with migrations, seed data and generated types.',
  Platform:
    'Projects, preview branches, custom domains, SSO and network rules, from the CLI or the Management API.',
}

/** Static throughout: it reaches the browser as HTML that React does not hydrate. */
export default async function HomePage() {
  const descriptions = new Map(listGuides().map((guide) => [guide.href, guide.frontMatter.description]))
  return collapseStatic(
    <main id="main-content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-12 outline-none">
      <section aria-labelledby="home-title" className="max-w-3xl">
        <h1 id="home-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
          {siteConfig.productName} documentation
        </h1>
        <p className="mt-4 text-lg text-[var(--muted)]">
          {siteConfig.productName} gives each project a Postgres database and the services around it: auth,
          file storage, realtime, edge functions and a REST API generated from your schema. It is compatible
          with Supabase, so the <code>supabase</code> CLI and <code>@supabase/supabase-js</code> work as they
          are.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a
            href="/guides/getting-started"
            className="rounded-md bg-[var(--accent)] px-4 py-2 font-medium text-white dark:text-[#0b1f16]"
          >
            Get started
          </a>
          <a href="/guides" className="rounded-md border border-[var(--border)] px-4 py-2 font-medium">
            Browse the guides
          </a>
        </div>
      </section>

      <section aria-labelledby="areas-title" className="mt-16">
        <h2 id="areas-title" className="text-2xl font-semibold">
          Where to look
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {productAreas.map((area) => (
            <li key={area.href}>
              <a
                href={area.href}
                className="block h-full rounded-lg border border-[var(--border)] p-5 hover:border-[var(--accent)]"
              >
                <span className="text-lg font-semibold">{area.title}</span>
                <span className="mt-2 block text-sm text-[var(--muted)]">{area.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="guide-groups-title" className="mt-16">
        <h2 id="guide-groups-title" className="text-2xl font-semibold">
          Guides by topic
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {guidesNav.map((group) => {
            const first = group.items[0]!
            return (
              <li key={group.title}>
                <a href={first.href} className="group block">
                  <span className="font-semibold text-[var(--link)] group-hover:underline">
                    {group.title}
                  </span>
                  <span className="mt-1 block text-sm text-[var(--muted)]">
                    {groupSummaries[group.title] ?? descriptions.get(first.href)}
                  </span>
                </a>
              </li>
            )
          })}
        </ul>
      </section>
    </main>,
  )
}
