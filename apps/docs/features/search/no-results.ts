/**
 * What the dialog offers when a query matches nothing: three pages to start from, so the reader
 * is never left at a dead end. Plain data, no DOM (a unit test checks that each page exists).
 */
export interface SuggestedPage {
  url: string
  /** Shown above the title, like a result's area. */
  area: string
  title: string
  /** One line on what the reader finds there. */
  description: string
}

export const NO_RESULTS_SUGGESTIONS: readonly SuggestedPage[] = [
  {
    url: '/guides/getting-started',
    area: 'Guides',
    title: 'Getting started',
    description: 'Create a project, find its URL and keys, and make the first request.',
  },
  {
    url: '/guides',
    area: 'Guides',
    title: 'All guides',
    description: 'Every guide by product: database, auth, storage, realtime, edge functions.',
  },
  {
    url: '/reference/javascript',
    area: 'Reference',
    title: 'JavaScript client library',
    description: 'Every supabase-js method, with examples you can run.',
  },
]
