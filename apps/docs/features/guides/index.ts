export { parseFrontMatter } from './front-matter'
export { findGuide, type Guide, listGuides } from './guides'
