// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProjectConfigWidget } from './ProjectConfigWidget.client'
import {
  ProjectConfigServicesContext,
  createProjectConfigServices,
  type ProjectConfigServices,
} from './project-config-services'
import { SESSION_STORAGE_KEY } from './stored-session'
import type { Variable } from './variable-display'

const API = 'http://localhost:3001'
const TOKEN = 'header.payload.signature'

/** A stand-in platform API: path -> response body, with per-path failures. */
function fakePlatform(overrides: Record<string, () => Response> = {}) {
  const routes: Record<string, unknown> = {
    '/platform/organizations': [{ id: 1, name: 'Acme' }],
    '/platform/projects': [
      { ref: 'plainref', organization_id: 1, name: 'Plain', is_branch_enabled: false },
      { ref: 'legacyref', organization_id: 1, name: 'Legacy', is_branch_enabled: false },
    ],
    '/platform/props/project/plainref/api': {
      autoApiService: {
        endpoint: 'plainref.basebox.co',
        defaultApiKey: 'anon.key.plain',
        serviceApiKey: 'service.role.secret',
      },
    },
    '/platform/props/project/legacyref/api': {
      autoApiService: {
        endpoint: 'legacyref.basebox.co',
        protocol: 'https',
        defaultApiKey: 'Created with an older version: see the dashboard.',
      },
    },
  }
  const calls: string[] = []
  const fetch = vi.fn(async (input: URL | RequestInfo) => {
    const url = new URL(String(input))
    calls.push(url.pathname)
    const override = overrides[url.pathname]
    if (override) return override()
    if (!(url.pathname in routes)) return new Response('{}', { status: 404 })
    return new Response(JSON.stringify(routes[url.pathname]), { status: 200 })
  })
  return { fetch, calls }
}

let services: ProjectConfigServices
function renderWidgets(variables: Variable[], platform = fakePlatform()) {
  services = createProjectConfigServices(window, API, platform.fetch)
  const wrap = (children: ReactNode) => (
    <ProjectConfigServicesContext.Provider value={services}>{children}</ProjectConfigServicesContext.Provider>
  )
  render(wrap(variables.map((v, i) => <ProjectConfigWidget key={i} variable={v} />)))
  return platform
}

const signIn = () =>
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ accessToken: TOKEN, expiresAt: Math.floor(Date.now() / 1000) + 3600 }),
  )

const widget = (variable: Variable) =>
  document.querySelector<HTMLElement>(`[data-project-config="${variable}"]`)

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(cleanup)

describe('ProjectConfigWidget', () => {
  it('asks a signed-out reader to sign in and loads nothing', async () => {
    const platform = renderWidgets(['url'])
    const link = await screen.findByRole('link', { name: 'Sign in to the dashboard' })
    const href = new URL(link.getAttribute('href') ?? '')
    expect(href.origin + href.pathname).toBe(`${API}/auth/sign-in`)
    expect(href.searchParams.get('return_to')).toBe(location.href)
    expect(href.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    expect(screen.getByText('https://<project-ref>.basebox.co')).toBeTruthy()
    expect(platform.fetch).not.toHaveBeenCalled()
  })

  it('treats a corrupted stored session as signed out', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json')
    renderWidgets(['anonKey'])
    await screen.findByRole('link', { name: 'Sign in to the dashboard' })
    expect(widget('anonKey')?.dataset.state).toBe('logged-out')
  })

  it('shows the URL and anon key of the first project, with one set of calls for two widgets', async () => {
    signIn()
    const platform = renderWidgets(['url', 'anonKey'])
    await screen.findByText('https://plainref.basebox.co')
    await screen.findByText('anon.key.plain')
    expect(platform.calls.sort()).toEqual([
      '/platform/organizations',
      '/platform/projects',
      '/platform/props/project/plainref/api',
    ])
    expect(screen.getAllByRole('button', { name: 'Copy Project URL' })).toHaveLength(1)
    expect(document.body.textContent).not.toContain('service.role.secret')
  })

  it('sends the token only to the platform API', async () => {
    signIn()
    const platform = renderWidgets(['url'])
    await screen.findByText('https://plainref.basebox.co')
    for (const [input, init] of platform.fetch.mock.calls as unknown as [URL, RequestInit][]) {
      expect(new URL(String(input)).origin).toBe(API)
      expect(init.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` })
    }
  })

  it.each(['/platform/organizations', '/platform/projects', '/platform/props/project/plainref/api'])(
    'shows the error message when %s fails',
    async (path) => {
      signIn()
      renderWidgets(['url'], fakePlatform({ [path]: () => new Response('{}', { status: 500 }) }))
      await screen.findByText(/Couldn't display your API settings\. You can get them from the/)
      expect(widget('url')?.dataset.state).toBe('error')
      expect(screen.getByText('https://<project-ref>.basebox.co')).toBeTruthy()
    },
  )

  it('tells a reader without projects how to create one, with the dashboard link', async () => {
    signIn()
    renderWidgets(['url'], fakePlatform({ '/platform/projects': () => new Response('[]', { status: 200 }) }))
    await waitFor(() => expect(widget('url')?.dataset.state).toBe('no-data'))
    // The pickers' code loads once the reader is signed in.
    expect((await screen.findByRole('combobox', { name: 'Project' })).textContent).toContain('No project found')
    const help = widget('url')?.querySelector('[data-no-project-help]')
    expect(help?.textContent).toMatch(/^\S.* has no project yet\. Create a project in the dashboard \(New project\)/)
    expect(help?.querySelector('a')?.getAttribute('href')).toMatch(/^https?:\/\//)
  })

  it('shows a closable alert instead of a key from an older version', async () => {
    signIn()
    localStorage.setItem(
      'docs.project-config.selection',
      JSON.stringify({ organizationId: 1, projectRef: 'legacyref' }),
    )
    renderWidgets(['anonKey', 'url'])
    await screen.findByText('https://legacyref.basebox.co')
    const alert = screen.getByRole('alert')
    expect(alert.firstElementChild?.textContent).toBe(
      'This project was created with an older key format, which the docs cannot display. ' +
        'Copy your Anon key from the dashboard (Project Settings → API).',
    )
    expect(screen.getByText('<your-anon-key>')).toBeTruthy()
    act(() => screen.getByRole('button', { name: 'Close' }).click())
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('two widgets: one sign-in prompt, one picker, the second points to the first', async () => {
    renderWidgets(['url', 'anonKey'])
    await screen.findByRole('link', { name: 'Sign in to the dashboard' })
    expect(screen.getAllByRole('link', { name: /sign in/i })).toHaveLength(1)
    const pointer = widget('anonKey')?.querySelector('a')
    expect(pointer?.textContent).toBe('Project URL box above')
    expect(pointer?.getAttribute('href')).toBe(`#${widget('url')?.id}`)
    cleanup()

    signIn()
    renderWidgets(['url', 'anonKey'])
    await screen.findByText('anon.key.plain')
    await screen.findByRole('combobox', { name: 'Project' })
    expect(screen.getAllByRole('combobox', { name: 'Project' })).toHaveLength(1)
    expect(widget('url')?.querySelector('[role="combobox"]')).toBeTruthy()
    expect(widget('anonKey')?.textContent).toContain('Project Plain, chosen in the Project URL box above.')
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1)
  })

  it('signs out: back to the prompt, token forgotten', async () => {
    signIn()
    renderWidgets(['url'])
    await screen.findByText('https://plainref.basebox.co')
    act(() => screen.getByRole('button', { name: 'Sign out' }).click())
    await screen.findByRole('link', { name: 'Sign in to the dashboard' })
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })
})
