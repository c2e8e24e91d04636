/**
 * The one place that names the product and the services the docs link to.
 * Values that differ per deployment come from NEXT_PUBLIC_* variables at build time.
 */
const platformApiUrl = (process.env.NEXT_PUBLIC_PLATFORM_API_URL ?? 'http://localhost:3001').replace(
  /\/+$/,
  '',
)

export const siteConfig = {
  productName: 'Basebox',
  tagline: 'Postgres, auth, storage, realtime and edge functions in one backend.',
  /** Public origin of the docs, used for canonical links, Open Graph and the sitemap. */
  siteUrl: (process.env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
  dashboardUrl: process.env.NEXT_PUBLIC_DASHBOARD_URL ?? 'https://app.basebox.dev',
  /** Host suffix of hosted projects: a project's URL is `https://<project-ref>.<projectDomain>`. */
  projectDomain: 'basebox.co',
  /** The platform API the project-settings widget reads the reader's projects from. */
  platformApiUrl,
  /** Where "Was this page helpful?" answers are sent (POST, then PATCH /:id for a comment). */
  feedbackUrl: (process.env.NEXT_PUBLIC_FEEDBACK_URL ?? `${platformApiUrl}/feedback`).replace(/\/+$/, ''),
  repositoryUrl: 'https://github.com/basebox-dev/docs',
  /** Branch that "Edit this page" links point to. */
  repositoryBranch: 'main',
  /** Folder of the docs app inside the repository. */
  docsPathInRepository: 'apps/docs',
} as const

export type SiteConfig = typeof siteConfig

export function editUrlFor(repoRelativeFile: string): string {
  const { repositoryUrl, repositoryBranch, docsPathInRepository } = siteConfig
  return `${repositoryUrl}/edit/${repositoryBranch}/${docsPathInRepository}/${repoRelativeFile}`
}

export function absoluteUrl(pathname: string): string {
  return `${siteConfig.siteUrl}${pathname.startsWith('/') ? '' : '/'}${pathname}`
}
