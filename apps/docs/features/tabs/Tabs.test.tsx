import { describe, expect, it } from 'vitest'
import { TabPanel } from './Tabs'
import { collectTabs } from './Tabs'

describe('collectTabs', () => {
  it('lists panel ids and labels in order, skipping whitespace between them', () => {
    const children = [
      '\n',
      <TabPanel key="a" id="nextjs" label="Next.js" />,
      <TabPanel key="b" id="astro" label="Astro" />,
    ]
    expect(collectTabs(children, 'framework')).toEqual([
      { id: 'nextjs', label: 'Next.js' },
      { id: 'astro', label: 'Astro' },
    ])
  })
  it('rejects duplicate ids and empty groups, naming the group', () => {
    const duplicate = [<TabPanel key="a" id="x" label="X" />, <TabPanel key="b" id="x" label="Y" />]
    expect(() => collectTabs(duplicate, 'framework')).toThrow(/framework.*duplicate panel id "x"/)
    expect(() => collectTabs([], 'framework')).toThrow(/no <TabPanel>/)
  })
})
