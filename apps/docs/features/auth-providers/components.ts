export { ProviderGrid } from './ProviderGrid'
export { SmsProviderSetup } from './SmsProviderSetup'
export { SmsProviders } from './SmsProviders'
