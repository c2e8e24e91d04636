export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded bg-[var(--accent)] px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  )
}
