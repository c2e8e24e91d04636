/**
 * `next/dynamic` for islands: the component loads when first rendered, with the `loading` part
 * shown until then. Islands only use it for parts that render in the browser alone (`ssr: false`).
 */
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react'

interface DynamicOptions {
  ssr?: boolean
  loading?: () => ReactNode
}

export default function dynamic<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  options: DynamicOptions = {},
): ComponentType<Props> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })))
  function Dynamic(props: Props) {
    return (
      <Suspense fallback={options.loading?.() ?? null}>
        <Lazy {...props} />
      </Suspense>
    )
  }
  return Dynamic
}
