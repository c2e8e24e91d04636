export { SearchButton } from './SearchButton.client'
