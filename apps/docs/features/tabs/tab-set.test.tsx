import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Tab, TabContent, TabList, TabSet } from './tab-set.client'

const values = ['curl', 'http', 'js/ts']

function markup(keepMounted: boolean) {
  const html = renderToStaticMarkup(
    <TabSet value="http" onValueChange={() => {}}>
      <TabList aria-label="Output language">
        {values.map((value) => (
          <Tab key={value} value={value}>
            {value}
          </Tab>
        ))}
      </TabList>
      {values.map((value) => (
        <TabContent key={value} value={value} keepMounted={keepMounted}>
          panel {value}
        </TabContent>
      ))}
    </TabSet>,
  )
  const attributes = (role: string) =>
    [...html.matchAll(new RegExp(`<[a-z]+ [^>]*role="${role}"[^>]*>`, 'g'))].map(([tag]) =>
      Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
    )
  return { html, tabs: attributes('tab'), panels: attributes('tabpanel') }
}

describe('TabSet', () => {
  it('ties each tab to its panel both ways, with ids that are valid whatever the value', () => {
    const { tabs, panels } = markup(true)
    expect(tabs).toHaveLength(3)
    expect(panels).toHaveLength(3)
    tabs.forEach((tab, index) => {
      expect(tab['aria-controls']).toBe(panels[index]!.id)
      expect(panels[index]!['aria-labelledby']).toBe(tab.id)
      expect(tab.id).toMatch(/^[^\s/%]+$/)
    })
    expect(new Set(tabs.map((tab) => tab.id)).size).toBe(3)
  })

  it('puts only the selected tab in the Tab order and marks it selected', () => {
    const { tabs } = markup(true)
    expect(tabs.map((tab) => [tab['aria-selected'], tab.tabindex, tab['data-state']])).toEqual([
      ['false', '-1', 'inactive'],
      ['true', '0', 'active'],
      ['false', '-1', 'inactive'],
    ])
  })

  it('renders every panel with keepMounted, and only the selected one without', () => {
    expect(markup(true).panels.map((panel) => panel['data-state'])).toEqual([
      'inactive',
      'active',
      'inactive',
    ])
    const { html, panels } = markup(false)
    expect(panels.map((panel) => panel['data-state'])).toEqual(['active'])
    expect(html).toContain('panel http')
    expect(html).not.toContain('panel curl')
  })
})
