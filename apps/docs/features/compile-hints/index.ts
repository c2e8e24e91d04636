export { addCompileHints, COMPILE_HINT } from './compile-hints'
