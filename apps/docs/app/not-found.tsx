import type { Metadata } from 'next'
import { Island } from '@/components/ui/Island'
import { productAreas } from '@/features/layout'
import { NotFoundSuggestions } from '@/features/layout/components'
import { pagesToSuggest } from '@/features/layout'

export const metadata: Metadata = {
  title: 'Page not found',
  description: 'The page you asked for does not exist.',
  robots: { index: false },
}

export default function NotFound() {
  const pages = pagesToSuggest()
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-16 outline-none">
      <p className="font-mono text-sm text-[var(--muted)]">404</p>
      <h1 className="mt-2 text-3xl font-bold">We couldn’t find that page</h1>
      <p className="mt-3 text-[var(--muted)]">
        The link may be old or mistyped. These pages may be what you were after:
      </p>
      <Island name="NotFoundSuggestions" component={NotFoundSuggestions} props={{ pages }} />
      <h2 className="mt-10 text-lg font-semibold">Browse the docs</h2>
      <ul className="mt-3 list-disc pl-6">
        <li>
          <a href="/" className="underline">
            Home
          </a>
        </li>
        {productAreas.map((area) => (
          <li key={area.href}>
            <a href={area.href} className="underline">
              {area.title}
            </a>
          </li>
        ))}
      </ul>
    </main>
  )
}
