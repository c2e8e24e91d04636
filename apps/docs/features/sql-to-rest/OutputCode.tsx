import { Fragment, memo } from 'react'
import { highlightOutput, maskSecret, tokenColor } from './output-highlight'
import { MASKED_VALUE, type OutputLanguage } from './tool-state'
import { splitAtUrlBreaks } from './url-breaks'

/** The text with `<wbr>` where a long curl or HTTP line may wrap (see url-breaks.ts). */
function withBreaks(text: string, language: OutputLanguage) {
  if (language === 'js') return text
  return splitAtUrlBreaks(text).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {piece}
    </Fragment>
  ))
}

/**
 * One output, coloured, with one secret-looking value masked until the reader reveals it, and
 * curl and HTTP lines given places to wrap between URL parts. Only the view is coloured, masked
 * and marked: the copy button copies the plain code with the real key.
 * Memoised: its props are plain values, and the tool around it re-renders for every state change.
 */
export const OutputCode = memo(function OutputCode({
  code,
  language,
  secret,
  revealed,
}: {
  code: string
  language: OutputLanguage
  secret: string
  revealed: boolean
}) {
  const pieces = maskSecret(highlightOutput(code, language), secret)
  return (
    <>
      {pieces.map((piece, index) => {
        const style = piece.kind ? { color: tokenColor(piece.kind) } : undefined
        if ('secret' in piece) {
          return (
            <span
              key={index}
              className="revealable rounded bg-[var(--surface-strong)]"
              data-revealed={revealed}
              style={style}
            >
              {revealed ? secret : MASKED_VALUE}
            </span>
          )
        }
        return piece.kind ? (
          <span key={index} data-token={piece.kind} style={style}>
            {withBreaks(piece.text, language)}
          </span>
        ) : (
          <Fragment key={index}>{withBreaks(piece.text, language)}</Fragment>
        )
      })}
    </>
  )
})
