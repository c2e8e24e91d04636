export { isVariable, VARIABLES } from './variable-display'
