import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { collapseStatic, renderStaticMarkup } from './static-markup'

function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{children}</td>
    </tr>
  )
}

async function AsyncNote({ text }: { text: string }) {
  await Promise.resolve()
  return <p className="note">{text}</p>
}

/** Stands for a `'use client'` component as the server sees it: a reference, not a function to call. */
const ClientButton = Object.assign(() => null, { $$typeof: Symbol.for('react.client.reference') })

describe('renderStaticMarkup', () => {
  it('writes host elements, attributes and server components as React would', async () => {
    const html = await renderStaticMarkup(
      <section id="a" className="ref-section" data-ref-section="" aria-hidden={false}>
        <label htmlFor="x" tabIndex={-1}>
          a &lt; b
        </label>
        <details open>
          <summary>More</summary>
        </details>
        <details open={false} />
        <table>
          <tbody>
            {['one', 'two'].map((name) => (
              <Row key={name} name={name}>
                {name.length}
              </Row>
            ))}
          </tbody>
        </table>
        <AsyncNote text="later" />
        <figure dangerouslySetInnerHTML={{ __html: '<pre><b>x</b></pre>' }} />
      </section>,
    )
    expect(html).toBe(
      '<section id="a" class="ref-section" data-ref-section="" aria-hidden="false">' +
        '<label for="x" tabindex="-1">a &#x3C; b</label>' +
        '<details open><summary>More</summary></details><details></details>' +
        '<table><tbody><tr><th scope="row">one</th><td>3</td></tr><tr><th scope="row">two</th><td>3</td></tr></tbody></table>' +
        '<p class="note">later</p><figure><pre><b>x</b></pre></figure></section>',
    )
  })

  it('refuses a tree that holds a client component', async () => {
    await expect(renderStaticMarkup(<div>{createElement(ClientButton)}</div>)).rejects.toThrow(
      /client component/,
    )
  })
})

describe('collapseStatic', () => {
  const only = (node: ReactNode) => {
    const fragment = node as ReactElement<{ children: ReactElement<Record<string, unknown>> }>
    return fragment.props.children
  }

  it('turns a static element into one HTML string', async () => {
    const element = only(
      await collapseStatic(
        <main className="m">
          <h1>Title</h1>
          <p>
            Text <a href="/x">link</a>
          </p>
        </main>,
      ),
    )
    expect(element.type).toBe('main')
    expect(element.props).toEqual({
      className: 'm',
      dangerouslySetInnerHTML: { __html: '<h1>Title</h1><p>Text <a href="/x">link</a></p>' },
    })
  })

  it('keeps a client component and the elements around it, and collapses its static siblings', async () => {
    const element = only(
      await collapseStatic(
        <article>
          <section id="static">
            <p>
              One <em>two</em>
            </p>
          </section>
          <section id="mixed">
            <h3>Heading</h3>
            {createElement(ClientButton)}
          </section>
        </article>,
      ),
    )
    expect(element.type).toBe('article')
    const [collapsed, mixed] = element.props.children as ReactElement<Record<string, unknown>>[]
    expect(collapsed!.props).toEqual({
      id: 'static',
      dangerouslySetInnerHTML: { __html: '<p>One <em>two</em></p>' },
    })
    expect(mixed!.props.id).toBe('mixed')
    const [heading, client] = mixed!.props.children as ReactElement<Record<string, unknown>>[]
    expect(heading!.type).toBe('h3')
    expect(heading!.props.children).toBe('Heading')
    expect(isValidElement(client) && client.type).toBe(ClientButton)
  })

  it('collapses what a client component is given as children, one child per child', async () => {
    const Panel = Object.assign(({ children }: { label: string; children?: ReactNode }) => children, {
      $$typeof: Symbol.for('react.client.reference'),
    })
    const element = only(
      await collapseStatic(
        createElement(
          Panel,
          { label: 'Hosted' },
          <p>
            Run <code>status</code>
          </p>,
          createElement(ClientButton),
          'plain text',
        ),
      ),
    )
    expect(element.type).toBe(Panel)
    expect(element.props.label).toBe('Hosted')
    const [paragraph, client, text] = element.props.children as ReactNode[]
    expect((paragraph as ReactElement<Record<string, unknown>>).props).toEqual({
      dangerouslySetInnerHTML: { __html: 'Run <code>status</code>' },
    })
    expect(isValidElement(client) && client.type).toBe(ClientButton)
    expect(text).toBe('plain text')
  })
})
