export { ErrorCodeTable } from './ErrorCodeTable'
