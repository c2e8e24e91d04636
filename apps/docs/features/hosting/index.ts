export { type CompiledHeaderRules, compileHeaderRules, parseHeadersFile } from './headers-file'
export { pageUrlOf, writeHostHeaders } from './host-headers'
export { compileRewrites, parseRedirectsFile } from './redirects-file'
