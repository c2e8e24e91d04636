export type QueryState<T> =
  { status: 'pending' } | { status: 'success'; data: T } | { status: 'error'; error: Error }

const PENDING = { status: 'pending' } as const

interface Entry {
  state: QueryState<unknown>
  controller: AbortController
  listeners: Set<() => void>
}

/**
 * Shares in-flight and finished requests between every widget on the page: one call per key,
 * however many widgets ask. A call nobody listens to any more is aborted (unmount, or a change of
 * selection that changes the key); a failed call is forgotten once unused, so it can be retried.
 */
export class RequestCache {
  private readonly entries = new Map<string, Entry>()

  getState<T>(key: string): QueryState<T> | undefined {
    return this.entries.get(key)?.state as QueryState<T> | undefined
  }

  subscribe<T>(key: string, load: (signal: AbortSignal) => Promise<T>, listener: () => void) {
    const entry = this.entries.get(key) ?? this.start(key, load)
    entry.listeners.add(listener)
    return () => {
      entry.listeners.delete(listener)
      // Deferred so an immediate re-subscribe (React re-running effects) keeps the request alive.
      if (entry.listeners.size === 0) queueMicrotask(() => this.release(key, entry))
    }
  }

  /** Aborts everything in flight and forgets every answer (sign-out, new token). */
  clear(): void {
    for (const entry of this.entries.values()) entry.controller.abort()
    this.entries.clear()
  }

  private start<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Entry {
    const controller = new AbortController()
    const entry: Entry = { state: PENDING, controller, listeners: new Set() }
    this.entries.set(key, entry)
    const settle = (state: QueryState<unknown>) => {
      if (controller.signal.aborted || this.entries.get(key) !== entry) return
      entry.state = state
      for (const listener of [...entry.listeners]) listener()
    }
    let running: Promise<T>
    try {
      running = load(controller.signal)
    } catch (error) {
      running = Promise.reject(error)
    }
    running.then(
      (data) => settle({ status: 'success', data }),
      (error: unknown) =>
        settle({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    )
    return entry
  }

  private release(key: string, entry: Entry): void {
    if (entry.listeners.size > 0 || this.entries.get(key) !== entry) return
    if (entry.state.status === 'pending') {
      entry.controller.abort()
      this.entries.delete(key)
    } else if (entry.state.status === 'error') {
      this.entries.delete(key)
    }
  }
}
