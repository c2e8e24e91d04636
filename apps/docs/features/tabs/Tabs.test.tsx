import { describe, expect, it } from 'vitest'
import { collectPanels, TabPanel } from './Tabs'

describe('collectPanels', () => {
  it('lists panel ids and labels in order, skipping whitespace between them', () => {
    const children = [
      '\n',
      <TabPanel key="a" id="nextjs" label="Next.js" />,
      <TabPanel key="b" id="astro" label="Astro" />,
    ]
    expect(collectPanels(children, 'framework')).toEqual([
      { id: 'nextjs', label: 'Next.js' },
      { id: 'astro', label: 'Astro' },
    ])
  })
  it('rejects duplicate ids and empty groups, naming the group', () => {
    const duplicate = [<TabPanel key="a" id="x" label="X" />, <TabPanel key="b" id="x" label="Y" />]
    expect(() => collectPanels(duplicate, 'framework')).toThrow(/framework.*duplicate panel id "x"/)
    expect(() => collectPanels([], 'framework')).toThrow(/no <TabPanel>/)
  })
})
