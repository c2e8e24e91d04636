import { FACT_FORMATS, findFact, formatFact, isFactFormat, unknownFactMessage } from './facts'

export interface FactProps {
  /** An id of content/facts.yaml: `functions.wall_clock_limit`. */
  id: string
  /** `full` (default): value and unit, `400 s`; `value`: the bare value, `400`. */
  format?: string
}

/**
 * A number the platform sets, read from content/facts.yaml, as `400 s` or `50 MB`. The build
 * checks every id against the file first (remark-facts.ts), naming the page of an unknown one.
 */
export function Fact({ id, format = 'full' }: FactProps) {
  const fact = findFact(id)
  if (!fact) throw new Error(`<Fact> ${unknownFactMessage(id)}`)
  if (!isFactFormat(format)) {
    throw new Error(`<Fact id="${id}" format="${format}">: format must be one of ${FACT_FORMATS.join(', ')}`)
  }
  return <span data-fact={id}>{formatFact(fact, format)}</span>
}
