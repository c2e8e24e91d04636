import { describe, expect, it } from 'vitest'
import { LANDING_ATTRIBUTE, landingPlaceScript, landingStartScript } from './deep-link-landing'

/** Runs the start script as a page at `url` would, and says whether it marked the document. */
function marks(basePath: string, url: string): boolean {
  const { pathname, hash } = new URL(url, 'http://site.test')
  const attributes = new Set<string>()
  const document = { documentElement: { setAttribute: (name: string) => attributes.add(name) } }
  const history = { scrollRestoration: 'auto' }
  new Function('location', 'document', 'history', landingStartScript(basePath))(
    { pathname, hash },
    document,
    history,
  )
  if (attributes.has(LANDING_ATTRIBUTE)) expect(history.scrollRestoration).toBe('manual')
  return attributes.has(LANDING_ATTRIBUTE)
}

describe('the deep-link landing scripts', () => {
  it('hide the layout for a section URL or a fragment of the page, and for nothing else', () => {
    expect(marks('/reference/javascript', '/reference/javascript/select')).toBe(true)
    expect(marks('/reference/javascript', '/reference/javascript/select/')).toBe(true)
    expect(marks('/reference/api', '/reference/api#response-rate-limited')).toBe(true)
    expect(marks('/reference/javascript', '/reference/javascript')).toBe(false)
    expect(marks('/reference/javascript', '/reference/javascript/')).toBe(false)
    expect(marks('/reference/javascript', '/reference/javascript#')).toBe(false)
    expect(marks('/reference/javascript', '/reference/javascript/v1/select')).toBe(false)
  })

  it('are plain scripts a browser can run inline', () => {
    expect(() => new Function(landingStartScript('/reference/cli'))).not.toThrow()
    expect(() => new Function(landingPlaceScript)).not.toThrow()
    // Inline in HTML: nothing in them may end the script element early.
    expect(`${landingStartScript('/reference/cli')}${landingPlaceScript}`).not.toMatch(/<\/script/i)
  })
})
