export { Breadcrumbs } from './Breadcrumbs'
export { CurrentItemInView } from './CurrentItemInView.client'
export { PrevNext } from './PrevNext'
export { SidebarNav } from './Sidebar'
