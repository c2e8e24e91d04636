import { Fragment } from 'react'
import { MASKED_VALUE } from './tool-state'

/** Code text in which one secret-looking value is masked until the reader reveals it. */
export function RevealableCode({
  code,
  secret,
  revealed,
}: {
  code: string
  secret: string
  revealed: boolean
}) {
  const parts = secret ? code.split(secret) : [code]
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <span className="revealable rounded bg-[var(--surface-strong)]" data-revealed={revealed}>
              {revealed ? secret : MASKED_VALUE}
            </span>
          ) : null}
        </Fragment>
      ))}
    </>
  )
}
