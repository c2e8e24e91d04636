export { Tabs } from './Tabs'
export { TabPanel } from './tabs.lazy'
