'use client'

import { useEffect, useState } from 'react'
import type { RequestModel } from '@docs/sql-to-rest'

/**
 * The SQL PostgREST 12.2 runs for `request` on the sample shop, as text (see request-statement.ts),
 * or undefined while there is no request. The REST engine loads with the first request, in a chunk
 * of its own: the page's first script never carries it. Until a new answer comes, the last one
 * stays, so the panel does not flicker while the reader types.
 */
export function useRequestStatement(
  request: RequestModel | undefined,
  aggregatesEnabled: boolean,
): string | undefined {
  const [shown, setShown] = useState<string>()
  useEffect(() => {
    if (!request) return
    let live = true
    import('./request-statement')
      .then(async ({ requestStatement, statementText }) =>
        statementText(await requestStatement(request, aggregatesEnabled)),
      )
      .catch(
        (error: unknown) =>
          `-- The SQL of this request could not be read: ${error instanceof Error ? error.message : String(error)}`,
      )
      .then((text) => {
        if (live) setShown(text)
      })
    return () => {
      live = false
    }
  }, [request, aggregatesEnabled])
  return request ? shown : undefined
}
