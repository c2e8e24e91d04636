import type { ReactNode } from 'react'

export interface SmsProviderSetupProps {
  /** The SMS provider's catalogue id: messagebird, twilio or vonage. */
  provider: string
  children?: ReactNode
}

/** The setup guide of one SMS provider, written in MDX inside `<SmsProviders>`. */
export function SmsProviderSetup({ children }: SmsProviderSetupProps) {
  return <>{children}</>
}
