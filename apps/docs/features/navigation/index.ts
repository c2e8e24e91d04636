export { guidesNav, type NavSection } from './guides-nav'
export { breadcrumbTrail, flattenNav, locateInNav, standaloneTitle } from './nav-tree'
export { revealCurrentItemScript } from './reveal-current-item'
