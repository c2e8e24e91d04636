/**
 * Hands an example the real client and notes what each query it awaits settles with. Nothing of
 * the client changes: every call goes through to it, on the real object, and the proxy only reads
 * the value a query resolves or rejects with on its way back to the example.
 */

export type Settled = { result: unknown } | { thrown: unknown }

export function observeClient<T extends object>(client: T, onSettled: (settled: Settled) => void): T {
  return observe(client, onSettled)
}

function observe<T extends object>(target: T, onSettled: (settled: Settled) => void): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object)
      if (typeof value !== 'function') return value
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
        // Builders and schema-bound clients are followed; plain promises and values are not.
        return typeof returned === 'object' && returned !== null && !(returned instanceof Promise)
          ? observe(returned, onSettled)
          : returned
      }
    },
  })
}
