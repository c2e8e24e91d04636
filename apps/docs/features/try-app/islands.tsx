import { Island } from '@/components/ui/Island'
import { TryApp as TryAppButton } from './TryApp.client'

/** `<TryApp />` in a guide: the quickstart's "Start the app", hydrated by itself. */
export function TryApp() {
  return <Island name="TryApp" component={TryAppButton} props={{}} />
}
