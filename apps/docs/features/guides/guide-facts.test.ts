/**
 * Facts the guides state that can be checked from their sources: the CLI version readers install,
 * the order of CLI steps, auth server behaviour, and Postgres behaviour under row-level security.
 * Each test fails on the wrong statement it guards against.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { asAnon, createPlatformDb } from '@docs/pglite-platform'
import { parse as parseToml } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { extractFromMdx } from '@/features/code-samples'
import { resolveFactElements } from '@/features/platform-facts'
import { repoRoot } from '@/lib/repo-paths'
import { listGuides, type Guide } from './guides'

/** The CLI version every page describes. */
const CLI_VERSION = '1.187'

/** `[auth]` as `supabase init` writes it in CLI 1.187.14 (pkg/config/templates/config.toml). */
const CLI_DEFAULT_AUTH = {
  site_url: 'http://127.0.0.1:3000',
  additional_redirect_urls: ['https://127.0.0.1:3000'],
}

function guide(href: string): Guide {
  const found = listGuides().find((candidate) => candidate.href === href)
  if (!found) throw new Error(`no guide at ${href}`)
  return found
}

/** The text under one `## ` heading, up to the next one. */
function section(body: string, heading: string): string {
  const start = body.indexOf(`\n## ${heading}\n`)
  if (start < 0) throw new Error(`no section "${heading}"`)
  const next = body.indexOf('\n## ', start + 1)
  return body.slice(start, next < 0 ? undefined : next)
}

/** README files readers follow: the repository's and each example's. */
function readmes(): { file: string; text: string }[] {
  const root = repoRoot()
  const examples = readdirSync(path.join(root, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join('examples', entry.name, 'README.md'))
  return ['README.md', ...examples].map((file) => ({
    file,
    text: readFileSync(path.join(root, file), 'utf8'),
  }))
}

/** Markdown pages and specs of the references (CLI, client libraries, Management API). */
function referenceFiles(): { file: string; text: string }[] {
  const root = repoRoot()
  const base = path.join('apps', 'docs', 'content', 'reference')
  return readdirSync(path.join(root, base), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(mdx|md|yaml)$/.test(name))
    .map((name) => path.join(base, name))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }))
}

function pagesReadersFollow(): { file: string; text: string }[] {
  return [...listGuides().map((g) => ({ file: g.file, text: g.body })), ...readmes()]
}

describe('CLI version in guides, references and READMEs', () => {
  // npx, npm, pnpm, yarn and bun, with or without flags before the package name.
  const cliCommand =
    /\b(?:npx|bunx|pnpm dlx|yarn dlx|npm (?:install|i|add)|pnpm add|yarn add|bun add)(?:\s+-[\w-]+)*\s+supabase(@[\w.^~-]+)?(?![\w/-])/g

  it('finds unpinned commands (the check itself)', () => {
    const found = [
      ...'npx supabase init; npm install supabase --save-dev; npx supabase@1.187 start'.matchAll(cliCommand),
    ]
    expect(found.map((match) => match[1] ?? null)).toEqual([null, null, '@1.187'])
  })

  it('pins every CLI install and npx call to 1.187', () => {
    const unpinned: string[] = []
    let pinned = 0
    for (const { file, text } of [...pagesReadersFollow(), ...referenceFiles()]) {
      for (const match of text.matchAll(cliCommand)) {
        if (match[1] === `@${CLI_VERSION}`) pinned++
        else unpinned.push(`${file}: ${match[0]}`)
      }
    }
    expect(unpinned).toEqual([])
    expect(pinned).toBeGreaterThan(0)
  })

  it('says why the version is pinned where the CLI is first installed', () => {
    const local = guide('/guides/getting-started').body
    expect(local).toContain(`npm install supabase@${CLI_VERSION} --save-dev`)
    expect(local).toMatch(/2\.x\)? prints\s+publishable and secret keys/)
  })
})

describe('CLI login before commands that call the platform', () => {
  // Commands that need an access token; `login` (or SUPABASE_ACCESS_TOKEN) must come first.
  const needsToken = /supabase(?:@[\d.]+)? (?:link --project-ref|gen types\b[^\n]*--project-id)/
  const login = /supabase(?:@[\d.]+)? login\b|SUPABASE_ACCESS_TOKEN/

  it('logs in before the first link or gen types --project-id, on every page that has one', () => {
    const wrongOrder: string[] = []
    let pagesChecked = 0
    for (const { file, text } of pagesReadersFollow()) {
      const first = needsToken.exec(text)
      if (!first) continue
      pagesChecked++
      const before = text.slice(0, first.index)
      if (!login.test(before)) wrongOrder.push(`${file}: "${first[0]}" with no login before it`)
    }
    expect(wrongOrder).toEqual([])
    expect(pagesChecked).toBeGreaterThanOrEqual(2)
  })

  it('runs login first in the quickstart code block that links the project', () => {
    const blocks = extractFromMdx(
      'quickstart',
      guide('/guides/getting-started/quickstarts/user-management').body,
    )
    const linking = blocks.find((block) => block.code.includes(' link '))
    const lines = linking?.code.split('\n') ?? []
    expect(lines[0]).toBe(`npx supabase@${CLI_VERSION} login`)
    expect(lines.findIndex((line) => line.includes(' link '))).toBeGreaterThan(0)
  })
})

describe('auth rate limits', () => {
  const rateLimits = () => resolveFactElements(section(guide('/guides/production').body, 'Auth rate limits'))

  it('gives the date the 4-emails-per-hour default took effect, not a false end date', () => {
    for (const { file, text } of pagesReadersFollow()) expect(text, file).not.toMatch(/until July 2023/i)
    expect(rateLimits()).toMatch(/4 emails per hour took effect\s+on 14 July 2023/)
  })

  it('names the project-wide one-time code cap, custom SMTP, the dashboard page and IP forwarding', () => {
    const text = rateLimits()
    expect(text).toMatch(/\/auth\/v1\/otp`\s*\|\s*Sum for the project, 30 per hour/)
    expect(text).toMatch(/custom SMTP/)
    expect(text).toMatch(/Authentication → Rate Limits/)
    expect(text).toMatch(/not on the Rate Limits page/)
    expect(text).toContain("'Sb-Forwarded-For'")
  })
})

describe('database size and disk', () => {
  it('says what each number applies to and how the disk grows on its own', () => {
    // The numbers come from content/facts.yaml; read the page as the reader sees it.
    const disk = resolveFactElements(section(guide('/guides/production/compute-add-ons').body, 'Disk size'))
    for (const fact of [
      '90% full',
      'by **50%**',
      '4 changes per rolling 24 hours',
      '60 TB',
      'Free plan',
      'Contact support',
    ]) {
      expect(disk).toContain(fact)
    }
    const checklist = guide('/guides/production').body
    expect(checklist).toMatch(/\*Database size\* is your data and indexes/)
    expect(checklist).toMatch(/\*Disk size\* is the volume/)
  })
})

/**
 * The redirect check of the auth server the CLI 1.187 stack runs (gotrue v2.157.1): an address on
 * the site URL's host passes, anything else must match an allow-list glob. Globs separate on `.`
 * and `/`: `*` stays within a part, `**` crosses parts.
 */
function localStackAllowsRedirect(auth: typeof CLI_DEFAULT_AUTH, address: string): boolean {
  if (new URL(auth.site_url).hostname === new URL(address).hostname) return true
  return auth.additional_redirect_urls.some((pattern) => {
    const source = pattern
      .split(/(\*\*|\*|\?)/)
      .map((part) =>
        part === '**'
          ? '.*'
          : part === '*'
            ? '[^./]*'
            : part === '?'
              ? '[^./]'
              : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')
    return new RegExp(`^${source}$`).test(address)
  })
}

describe('redirect URLs on the local stack', () => {
  it('matches the way the auth server does (the check itself)', () => {
    expect(localStackAllowsRedirect(CLI_DEFAULT_AUTH, 'http://127.0.0.1:5173/account')).toBe(true)
    expect(localStackAllowsRedirect(CLI_DEFAULT_AUTH, 'http://localhost:3000/auth/callback')).toBe(false)
    const listed = { ...CLI_DEFAULT_AUTH, additional_redirect_urls: ['http://localhost:3000/*'] }
    expect(localStackAllowsRedirect(listed, 'http://localhost:3000/account')).toBe(true)
    expect(localStackAllowsRedirect(listed, 'http://localhost:3000/auth/callback')).toBe(false)
  })

  it('shows the CLI 1.187 defaults as they are', () => {
    const asCreated = extractFromMdx('redirect-urls', guide('/guides/auth/redirect-urls').body).find(
      (block) => block.title === 'supabase/config.toml (as created)',
    )
    expect(parseToml(asCreated?.code ?? '')).toEqual({ auth: CLI_DEFAULT_AUTH })
  })

  it('says the site URL host and loopback addresses pass unlisted, in the rules and the troubleshooting', () => {
    const body = guide('/guides/auth/redirect-urls').body
    for (const heading of [
      'Addresses allowed without a list entry',
      'When users land on the site URL instead',
    ]) {
      const text = section(body, heading)
      expect(text, heading).toMatch(/site URL's host/)
      expect(text, heading).toMatch(/loopback/i)
      expect(text, heading).toContain('`localhost`')
    }
  })

  it('every guide that redirects to localhost:3000 shows the config.toml lines that allow it', () => {
    const pages = listGuides().filter((g) => /redirectTo: 'http:\/\/localhost:3000\//.test(g.body))
    expect(pages.length).toBeGreaterThan(10)
    for (const page of pages) {
      const blocks = extractFromMdx(page.file, page.body)
      const redirects = blocks.flatMap((block) =>
        [...block.code.matchAll(/redirectTo: '([^']+)'/g)].map((m) => m[1]!),
      )
      const allowing = blocks
        .filter((block) => block.lang === 'toml')
        .map((block) => parseToml(block.code) as { auth?: Partial<typeof CLI_DEFAULT_AUTH> })
        .find((config) => config.auth?.additional_redirect_urls)
      expect(allowing, `${page.file} has no config.toml block with additional_redirect_urls`).toBeDefined()
      const config = { ...CLI_DEFAULT_AUTH, ...allowing!.auth }
      for (const address of redirects.filter((a) => a.startsWith('http://localhost:3000/'))) {
        expect(
          localStackAllowsRedirect(CLI_DEFAULT_AUTH, address),
          `${page.file}: ${address} by default`,
        ).toBe(false)
        expect(
          localStackAllowsRedirect(config, address),
          `${page.file}: ${address} with its config.toml`,
        ).toBe(true)
      }
      expect(page.body, page.file).toMatch(/not allowed by a new local stack/)
    }
  })
})

describe('Azure (Microsoft Entra) provider', () => {
  const azure = () => guide('/guides/auth/social-login/azure').body

  it('never registers a 127.0.0.1 redirect URI, which Entra refuses for web apps', () => {
    const body = azure()
    const config = extractFromMdx('azure', body).find((block) => block.code.includes('[auth.external.azure]'))
    const redirectUri = (
      parseToml(config?.code ?? '') as { auth: { external: { azure: { redirect_uri: string } } } }
    ).auth.external.azure.redirect_uri
    expect(redirectUri).toBe('http://localhost:54321/auth/v1/callback')
    expect(body).toMatch(/\| Local stack \| `http:\/\/localhost:54321\/auth\/v1\/callback` \|/)
    const mentions = body.split(/\n\s*\n/).filter((paragraph) => paragraph.includes('127.0.0.1:54321'))
    // The only mention of the loopback callback is the warning itself.
    expect(mentions).toHaveLength(1)
    expect(mentions[0]).toMatch(/Entra refuses/)
  })

  it('names the ID token sub as provider_id and warns about unverified email domains', () => {
    const body = azure()
    expect(body).toMatch(/ID token's `sub` claim as the identity's `provider_id`/)
    expect(body).not.toMatch(/object ID of the user as the identity's `provider_id`/)
    expect(section(body, 'Unverified email domains')).toContain('`xms_edov`')
  })
})

describe('Discord provider', () => {
  it('shows how to skip the consent screen on later sign-ins', () => {
    const body = guide('/guides/auth/social-login/discord').body
    const blocks = extractFromMdx('discord', body).filter((block) => block.lang === 'ts')
    expect(blocks.some((block) => block.code.includes("queryParams: { prompt: 'none' }"))).toBe(true)
    expect(body).not.toMatch(/approve access to\s+their account name and email once/)
  })
})

describe('API keys', () => {
  it('the auth guide names every key kind the Management API reference has', () => {
    const spec = JSON.parse(
      readFileSync(path.join(repoRoot(), 'apps/docs/content/reference/api/openapi.json'), 'utf8'),
    ) as {
      components: { schemas: { CreateApiKeyBody: { properties: { type: { enum: string[] } } } } }
    }
    const kinds = spec.components.schemas.CreateApiKeyBody.properties.type.enum
    expect(kinds).toEqual(expect.arrayContaining(['publishable', 'secret']))
    const keys = section(guide('/guides/auth').body, 'API keys')
    for (const name of ['anon', 'service_role', ...kinds]) expect(keys).toContain(`**${name}**`)
    expect(keys).not.toMatch(/Each project has two keys/)
  })
})

describe('supabase-js v1 → v2 upgrade guide', () => {
  const upgrade = () => guide('/guides/getting-started/upgrade-supabase-js-v1-to-v2').body

  it('does not say writes need no SELECT policy, and replaces setAuth with the Authorization header', () => {
    const body = upgrade()
    expect(body).not.toMatch(/no longer needs? a SELECT policy/)
    expect(body).toMatch(
      /`auth\.setAuth\(token\)` \| removed: an `Authorization` header in `global\.headers`/,
    )
    expect(body).toContain('global: { headers: { Authorization: `Bearer ${accessToken}` } }')
    expect(body).toMatch(/auth\.admin\.generateLink\(\{\s*type: 'signup'/)
  })

  // The table in the guide, checked on real Postgres (starting PGlite takes a while on a busy machine): an update or delete with a filter reads rows,
  // so without a SELECT policy it changes none; an upsert's ON CONFLICT DO UPDATE is refused.
  it('matches Postgres: without a SELECT policy only a plain insert works', async () => {
    const db = await createPlatformDb()
    await db.exec(`
      create table public.planets (id int primary key, name text not null);
      insert into public.planets values (1, 'Mars');
      alter table public.planets enable row level security;
      grant select, insert, update, delete on public.planets to anon;
      create policy "insert" on public.planets for insert to anon with check (true);
      create policy "update" on public.planets for update to anon using (true) with check (true);
      create policy "delete" on public.planets for delete to anon using (true);
    `)
    const updated = await asAnon(db, (tx) => tx.query(`update public.planets set name = 'Ares' where id = 1`))
    const deleted = await asAnon(db, (tx) => tx.query(`delete from public.planets where id = 1`))
    const inserted = await asAnon(db, (tx) => tx.query(`insert into public.planets values (2, 'Venus')`))
    const upsert = asAnon(db, (tx) =>
      tx.query(
        `insert into public.planets values (1, 'Ares') on conflict (id) do update set name = excluded.name`,
      ),
    )
    expect(updated.affectedRows).toBe(0)
    expect(deleted.affectedRows).toBe(0)
    expect(inserted.affectedRows).toBe(1)
    await expect(upsert).rejects.toMatchObject({ code: '42501' })

    await db.exec(`create policy "select" on public.planets for select to anon using (true);`)
    const withPolicy = await asAnon(db, (tx) =>
      tx.query(`update public.planets set name = 'Ares' where id = 1`),
    )
    expect(withPolicy.affectedRows).toBe(1)
    await db.close()
  }, 120_000)
})
