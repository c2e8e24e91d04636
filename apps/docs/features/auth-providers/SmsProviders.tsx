import { Children, isValidElement, type ReactNode } from 'react'
import { Island } from '@/components/ui/Island'
import { ProviderLogo } from './ProviderLogo'
import { findPhoneProvider, phoneProviders } from './provider-catalogue'
import { SmsProviderPicker } from './SmsProviderPicker.client'
import type { SmsProviderSetupProps } from './SmsProviderSetup'

/**
 * The SMS provider grid and dialogs. Each provider's setup is written in MDX as a
 * `<SmsProviderSetup provider="twilio">` child; every catalogue provider needs exactly one.
 * Without JavaScript the setups are printed in place so the page stays complete.
 */
export function SmsProviders({ children }: { children: ReactNode }) {
  const setups = new Map<string, ReactNode>()
  Children.forEach(children, (child) => {
    if (!isValidElement<Partial<SmsProviderSetupProps>>(child)) return
    const id = child.props.provider
    const provider = typeof id === 'string' ? findPhoneProvider(id) : undefined
    if (!provider)
      throw new Error(`<SmsProviderSetup provider="${String(id)}">: not an SMS provider of the catalogue`)
    if (setups.has(provider.id)) throw new Error(`<SmsProviderSetup provider="${provider.id}">: given twice`)
    setups.set(provider.id, child.props.children)
  })
  const missing = phoneProviders.filter((provider) => !setups.has(provider.id))
  if (missing.length > 0) {
    throw new Error(`<SmsProviders>: no setup for ${missing.map((provider) => provider.id).join(', ')}`)
  }
  return (
    <Island
      name="SmsProviderPicker"
      component={SmsProviderPicker}
      props={{ providers: phoneProviders.map((provider) => ({ id: provider.id, name: provider.name })) }}
      slots={{
        logos: phoneProviders.map((provider) => <ProviderLogo key={provider.id} provider={provider} />),
        setups: phoneProviders.map((provider) => setups.get(provider.id)),
      }}
    />
  )
}
