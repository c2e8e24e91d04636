import { z } from 'zod'

/** The endpoints a fault can target, named after what they return. */
export const FAULT_ENDPOINTS = ['organizations', 'projects', 'branches', 'project-api'] as const
export type FaultEndpoint = (typeof FAULT_ENDPOINTS)[number]

export const faultSchema = z
  .object({
    endpoint: z.enum(FAULT_ENDPOINTS),
    /** Answer with this status instead of the real response. */
    status: z.number().int().min(400).max(599).optional(),
    /** Wait this long before answering (or failing). */
    delayMs: z.number().int().min(0).max(60_000).optional(),
    /** Answer with a body that is not valid JSON. */
    malformedJson: z.boolean().optional(),
  })
  .strict()
  .refine((f) => f.status !== undefined || f.delayMs !== undefined || f.malformedJson === true, {
    message: 'give at least one of status, delayMs or malformedJson',
  })

export type Fault = z.infer<typeof faultSchema>

/** Faults in force and requests seen, per endpoint, until the next reset. */
export class FaultRegistry {
  private readonly faults = new Map<FaultEndpoint, Fault>()
  private readonly requests = new Map<FaultEndpoint, number>()

  set(fault: Fault): void {
    this.faults.set(fault.endpoint, fault)
  }

  get(endpoint: FaultEndpoint): Fault | undefined {
    return this.faults.get(endpoint)
  }

  countRequest(endpoint: FaultEndpoint): void {
    this.requests.set(endpoint, (this.requests.get(endpoint) ?? 0) + 1)
  }

  requestCounts(): Record<FaultEndpoint, number> {
    return Object.fromEntries(
      FAULT_ENDPOINTS.map((endpoint) => [endpoint, this.requests.get(endpoint) ?? 0]),
    ) as Record<FaultEndpoint, number>
  }

  reset(): void {
    this.faults.clear()
    this.requests.clear()
  }
}

/** Resolves after `ms`, or at once when the request is abandoned. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}
