export { authErrorCodes } from './error-codes'
