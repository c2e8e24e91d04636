/**
 * Hands an example the real client and notes what each call it makes settles with. Nothing of
 * the client changes: every call goes through to it, on the real object, and the proxy only reads
 * the value a call resolves or rejects with on its way back to the example.
 *
 * What is noted: a query (a PostgREST builder) when it is awaited; a call of `supabase.auth`,
 * `supabase.auth.admin`, `supabase.auth.mfa`, `supabase.auth.admin.mfa`, `supabase.storage` or
 * `supabase.storage.from(bucket)` when its promise settles, or, for the few that answer at once
 * (`getPublicUrl`, `onAuthStateChange`), when it returns its `{ data }`.
 */

export type Settled = { result: unknown } | { thrown: unknown }

/** The clients an example reaches through a property rather than a call. */
const SUB_CLIENTS = new Set<PropertyKey>(['auth', 'admin', 'mfa', 'storage'])

export function observeClient<T extends object>(client: T, onSettled: (settled: Settled) => void): T {
  return observe(client, onSettled)
}

/**
 * Calls an example started without awaiting them (`void supabase.auth.startAutoRefresh()`): the
 * run waits for them before it reads the last result.
 */
export function unsettledCalls(client: object): Promise<unknown>[] {
  return started.get(client) ?? []
}

const started = new WeakMap<object, Promise<unknown>[]>()

function isResult(value: object): boolean {
  return 'data' in value && !('then' in value)
}

function observe<T extends object>(
  target: T,
  onSettled: (settled: Settled) => void,
  root: object = target,
): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object)
      if (typeof value !== 'function') {
        return SUB_CLIENTS.has(property) && typeof value === 'object' && value !== null
          ? observe(value, onSettled, root)
          : value
      }
      if (property === 'then') {
        return (onFulfilled?: (result: unknown) => unknown, onRejected?: (reason: unknown) => unknown) =>
          value.call(
            object,
            (result: unknown) => {
              onSettled({ result })
              return onFulfilled ? onFulfilled(result) : result
            },
            (reason: unknown) => {
              onSettled({ thrown: reason })
              if (onRejected) return onRejected(reason)
              throw reason
            },
          )
      }
      return (...args: unknown[]) => {
        const returned: unknown = value.apply(object, args)
        // An auth or storage call: noted when it settles, before the example's `await` resumes.
        if (returned instanceof Promise) {
          const noted = returned.then(
            (result: unknown) => onSettled({ result }),
            (reason: unknown) => onSettled({ thrown: reason }),
          )
          started.set(root, [...(started.get(root) ?? []), noted])
          return returned
        }
        if (typeof returned !== 'object' || returned === null) return returned
        if (isResult(returned)) {
          onSettled({ result: returned })
          return returned
        }
        // Builders, buckets and schema-bound clients are followed.
        return observe(returned, onSettled, root)
      }
    },
  })
}
