import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mdxComponents } from '@/features/guides/components'
import { repoRoot } from '@/lib/repo-paths'
import { componentMarkdown } from './component-markdown'
import { MarkdownExportError, mdxToMarkdown } from './mdx-to-markdown'

const options = {
  file: 'apps/docs/content/guides/test.mdx',
  pageHref: '/guides/auth/test',
  siteUrl: 'https://docs.example.com',
}
const convert = (source: string) => mdxToMarkdown(source, options)

describe('mdxToMarkdown', () => {
  it('has a Markdown rendering for every component of the MDX registry', () => {
    const missing = Object.keys(mdxComponents)
      .filter((name) => /^[A-Z]/.test(name))
      .filter((name) => !(name in componentMarkdown))
    expect(missing).toEqual([])
  })

  it('keeps code fences with their language and file name, without the preamble or checker flags', () => {
    const markdown = convert(
      [
        '```ts title="src/client.ts" {2} fragment',
        "import { createClient } from '@supabase/supabase-js'",
        'declare const url: string',
        '// ---cut---',
        'const client = createClient(url, "key")',
        '```',
        '',
        '```sql runnable',
        'select 1;',
        '```',
      ].join('\n'),
    )
    expect(markdown).toBe(
      [
        '```ts title="src/client.ts"',
        'const client = createClient(url, "key")',
        '```',
        '',
        '```sql',
        'select 1;',
        '```',
      ].join('\n'),
    )
  })

  it('turns admonitions into blockquotes with their label', () => {
    expect(convert('<Admonition type="caution">\n  Enable row level security.\n</Admonition>')).toBe(
      '> **Caution:** Enable row level security.',
    )
    expect(convert('<Admonition type="tip" title="Local first">\n  Run it locally.\n</Admonition>')).toBe(
      '> **Tip: Local first**\n>\n> Run it locally.',
    )
  })

  it('prints every tab panel as a labelled section, in order', () => {
    const markdown = convert(
      [
        '<Tabs queryGroup="environment">',
        '  <TabPanel id="hosted" label="Hosted project">',
        '    Open the **dashboard**.',
        '  </TabPanel>',
        '  <TabPanel id="local" label="Local stack">',
        '    ```bash',
        '    npx supabase start',
        '    ```',
        '  </TabPanel>',
        '</Tabs>',
      ].join('\n'),
    )
    expect(markdown).toBe(
      [
        '**Hosted project**',
        '',
        'Open the **dashboard**.',
        '',
        '**Local stack**',
        '',
        '```bash',
        'npx supabase start',
        '```',
      ].join('\n'),
    )
  })

  it('makes site links absolute and resolves anchors and relative links against the page', () => {
    const markdown = convert(
      'See [keys](/guides/api-keys), [below](#setup), [sibling](captcha) and [out](https://x.dev/a).',
    )
    expect(markdown).toBe(
      'See [keys](https://docs.example.com/guides/api-keys), [below](https://docs.example.com/guides/auth/test#setup), [sibling](https://docs.example.com/guides/auth/captcha) and [out](https://x.dev/a).',
    )
  })

  it('drops imports and comments, keeps string expressions and the content of HTML elements', () => {
    const markdown = convert(
      "import x from './x'\n\n{/* a note for authors */}\n\nPress <kbd>Enter</kbd> {'{'}now{'}'}.",
    )
    expect(markdown).toBe('Press Enter {now}.')
  })

  it('renders data components from their catalogues', () => {
    const table = convert('<ErrorCodeTable />')
    expect(table.split('\n')[0]).toBe('| Code | What it means | What to do |')
    expect(table).toMatch(/^\| `weak_password` \| .+ \|$/m)
    const grid = convert('<ProviderGrid />')
    expect(grid).toContain('- [GitHub](https://docs.example.com/guides/auth/social-login/github)')
    expect(convert('Your URL: <ProjectConfigVariables variable="url" />')).toBe(
      'Your URL: **Project URL:** `https://<project-ref>.basebox.co` (in the dashboard under Project Settings → API)',
    )
    expect(
      convert(
        '<EnvSample>\n\n```dotenv title=".env.local"\nA_URL=https://<project-ref>.basebox.co\n```\n\n</EnvSample>',
      ),
    ).toBe('```dotenv title=".env.local"\nA_URL=https://<project-ref>.basebox.co\n```')
  })

  it('prints SMS provider setups under their own headings', () => {
    const markdown = convert(
      '<SmsProviders>\n  <SmsProviderSetup provider="twilio">\n    Use a Messaging Service.\n  </SmsProviderSetup>\n</SmsProviders>',
    )
    expect(markdown).toBe('### Set up Twilio\n\nUse a Messaging Service.')
  })

  it('inlines repository files shown with ExampleFile', () => {
    const relative = 'apps/docs/lib/site-config.ts'
    const markdown = convert(`<ExampleFile path="${relative}" />`)
    const source = readFileSync(path.join(repoRoot(), relative), 'utf8').trimEnd()
    expect(markdown).toBe(`\`\`\`ts title="docs/lib/site-config.ts"\n${source}\n\`\`\``)
  })

  it('fails naming the file and line for components it cannot print', () => {
    const attempt = () => convert('Intro\n\n<Mystery kind="x" />')
    expect(attempt).toThrow(MarkdownExportError)
    expect(attempt).toThrow('apps/docs/content/guides/test.mdx:3: <Mystery> has no Markdown rendering')
    expect(() => convert('<ExampleFile path="no/such/file.ts" />')).toThrow('no such file in the repository')
    expect(() => convert('Total: {1 + 2}')).toThrow('the expression {1 + 2} cannot be exported')
    expect(() => convert('<Admonition type="warning">x</Admonition>')).toThrow('type="warning" is not one of')
  })
})
