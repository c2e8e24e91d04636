'use client'

import { useEffect, useState, type ReactNode } from 'react'
import {
  RESTORE_DELAY_MS,
  TAB_CHOICE_EVENT,
  announceChoice,
  choiceFromSearch,
  storedChoice,
  type TabChoiceDetail,
} from './tab-choice'
import { Tab, TabContent, TabList, TabSet } from './tab-set.client'

export interface TabDescriptor {
  id: string
  label: string
}

/**
 * A guide's tab group. Every panel is in the HTML: inactive ones are hidden with CSS, and shown
 * with their label when JavaScript is off (see the noscript rule in the root layout).
 */
export function TabsClient({
  queryGroup,
  idBase,
  tabs,
  panels,
}: {
  queryGroup: string
  /** Unique on the page: the tabs' and panels' ids start with it. */
  idBase: string
  tabs: TabDescriptor[]
  /** Each tab's content, in the order of `tabs`. */
  panels: ReactNode[]
}) {
  const ids = tabs.map((tab) => tab.id)
  const idsKey = ids.join('\u0000')
  const [value, setValue] = useState(ids[0] ?? '')

  useEffect(() => {
    const validIds = idsKey.split('\u0000')
    const fromUrl = choiceFromSearch(window.location.search, queryGroup, validIds)
    let timer: ReturnType<typeof setTimeout> | undefined
    if (fromUrl) {
      setValue(fromUrl)
    } else {
      timer = setTimeout(() => {
        const fromStorage = storedChoice(() => window.localStorage, queryGroup, validIds)
        if (fromStorage) setValue(fromStorage)
      }, RESTORE_DELAY_MS)
    }
    function onChoice(event: Event) {
      const { group, id } = (event as CustomEvent<TabChoiceDetail>).detail
      if (group === queryGroup && validIds.includes(id)) setValue(id)
    }
    window.addEventListener(TAB_CHOICE_EVENT, onChoice)
    return () => {
      clearTimeout(timer)
      window.removeEventListener(TAB_CHOICE_EVENT, onChoice)
    }
  }, [queryGroup, idsKey])

  const select = (id: string) => {
    setValue(id)
    announceChoice(window, queryGroup, id)
  }

  return (
    <TabSet
      value={value}
      onValueChange={select}
      idBase={idBase}
      className="tabs my-5"
      data-query-group={queryGroup}
    >
      <TabList
        aria-label={`Choose ${queryGroup.replace(/-/g, ' ')}`}
        className="flex gap-1 overflow-x-auto border-b border-[var(--border)]"
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            value={tab.id}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-[var(--muted)] hover:text-[var(--text)] data-[state=active]:border-[var(--accent)] data-[state=active]:text-[var(--text)]"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab, index) => (
        <TabContent
          key={tab.id}
          value={tab.id}
          keepMounted
          className="tab-panel pt-1 data-[state=inactive]:hidden"
        >
          <p className="tab-panel-label hidden text-sm font-semibold">{tab.label}</p>
          {panels[index]}
        </TabContent>
      ))}
    </TabSet>
  )
}
