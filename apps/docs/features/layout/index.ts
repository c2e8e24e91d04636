export { pagesToSuggest } from './not-found-pages'
export { pathGuardScript } from './path-guard-script'
export { productAreas } from './product-areas'
export { smoothScrollScript } from './smooth-scroll-script'
