import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OutputCode } from './OutputCode'
import { MASKED_VALUE } from './tool-state'

const KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl'
const CURL = `curl 'http://localhost:54321/rest/v1/books?select=id' \\\n  -H 'apikey: ${KEY}' \\\n  -H 'Authorization: Bearer ${KEY}'`

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')

describe('OutputCode', () => {
  it('colours tokens with theme-following colours', () => {
    const html = renderToStaticMarkup(
      <OutputCode code={CURL} language="curl" secret={KEY} revealed={false} />,
    )
    expect(html).toContain(
      '<span data-token="command" style="color:light-dark(#702C00, #FFB757)">curl</span>',
    )
    expect(html).toContain('data-token="constant"')
  })

  it('masks the key until revealed, and shows the exact code once revealed', () => {
    const masked = renderToStaticMarkup(
      <OutputCode code={CURL} language="curl" secret={KEY} revealed={false} />,
    )
    expect(masked).not.toContain(KEY)
    expect(masked.split(MASKED_VALUE)).toHaveLength(3)
    const revealed = renderToStaticMarkup(<OutputCode code={CURL} language="curl" secret={KEY} revealed />)
    expect(textOf(revealed)).toBe(CURL)
  })

  it('shows an HTTP request and a supabase-js call with their own colours', () => {
    const http = renderToStaticMarkup(
      <OutputCode code={'GET /rest/v1/books HTTP/1.1\nHost: x.test'} language="http" secret="" revealed />,
    )
    expect(http).toMatch(/data-token="keyword"[^>]*>GET</)
    expect(http).toMatch(/data-token="property"[^>]*>Host</)
    const js = renderToStaticMarkup(
      <OutputCode code={"await supabase.from('books')"} language="js" secret="" revealed />,
    )
    expect(js).toMatch(/data-token="function"[^>]*>from</)
    expect(js).toMatch(/data-token="string"[^>]*>&#x27;books&#x27;</)
  })

  it('lets curl wrap between URL parts only, and adds no character to the text', () => {
    const code = "curl 'http://localhost:54321/rest/v1/products?select=id,name&price=gt.20'"
    const html = renderToStaticMarkup(<OutputCode code={code} language="curl" secret="" revealed />)
    expect(html.match(/<wbr\/>/g)).toHaveLength(6)
    expect(html).toMatch(/\?(<\/span>)?<wbr\/>/)
    expect(textOf(html)).toBe(code)
    expect(textOf(html)).not.toMatch(/[\u200b\u00ad]/)
    const js = renderToStaticMarkup(
      <OutputCode code={"supabase.from('products').select('id, name')"} language="js" secret="" revealed />,
    )
    expect(js).not.toContain('<wbr')
  })
})
