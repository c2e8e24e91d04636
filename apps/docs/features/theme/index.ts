export { themeScript } from './theme-script'
