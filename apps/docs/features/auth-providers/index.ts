export { findPhoneProvider, socialProviders } from './provider-catalogue'
