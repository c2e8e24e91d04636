'use client'

import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { indentUnit, syntaxHighlighting } from '@codemirror/language'
import { EditorState, StateEffect, StateField } from '@codemirror/state'
import {
  Decoration,
  EditorView,
  keymap,
  lineNumbers,
  placeholder,
  type DecorationSet,
} from '@codemirror/view'
import { useEffect, useRef, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { errorRange } from './editor-error'
import { sqlHighlightStyle } from './editor-highlight'
import { EDITOR_FONT_SIZE_PX, EDITOR_LINE_HEIGHT } from './editor-size'

/** Where the query cannot be translated, and why; the message is also shown in words below. */
export interface EditorError {
  position: number
  message: string
}

const setErrorMark = StateEffect.define<EditorError | undefined>()

/** The mark on the query's fault: kept in place while the reader types, until the next answer. */
const errorMark = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes)
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorMark)) continue
      const range = effect.value && errorRange(transaction.state.doc.toString(), effect.value.position)
      next =
        effect.value && range
          ? Decoration.set(
              Decoration.mark({
                class: 'cm-sql-error',
                attributes: { title: effect.value.message, 'data-error-mark': 'true' },
              }).range(range.from, range.to),
            )
          : Decoration.none
    }
    return next
  },
  provide: (field) => EditorView.decorations.from(field),
})

/**
 * CodeMirror 6 with PostgreSQL highlighting; loaded after the page, in place of the plain text
 * area the reader may already be typing in: it takes over that area's focus and selection.
 */
export default function SqlEditor({
  value,
  onChange,
  label,
  takeOverFrom,
  onMounted,
  error,
}: {
  value: string
  /** Marks the fault of a query the tool cannot translate. */
  error?: EditorError
  onChange: (value: string) => void
  label: string
  takeOverFrom?: RefObject<HTMLTextAreaElement | null>
  onMounted?: () => void
}) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView>(undefined)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const valueRef = useRef(value)
  valueRef.current = value

  useEffect(() => {
    if (!host.current) return
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          // Escape then Tab leaves the editor, so indentWithTab does not trap keyboard users.
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          sql({ dialect: PostgreSQL }),
          syntaxHighlighting(sqlHighlightStyle),
          EditorState.tabSize.of(2),
          indentUnit.of('  '),
          placeholder('Type a SQL query, for example: select * from products'),
          EditorView.lineWrapping,
          errorMark,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.theme({
            '&': { height: '100%', fontSize: `${EDITOR_FONT_SIZE_PX}px` },
            '.cm-scroller': {
              fontFamily: 'var(--font-mono)',
              lineHeight: String(EDITOR_LINE_HEIGHT),
              overflow: 'auto',
            },
            '.cm-gutters': { backgroundColor: 'var(--surface)', color: 'var(--muted)', border: 'none' },
            '.cm-content': { caretColor: 'var(--text)' },
            '&.cm-focused': { outline: '2px solid var(--accent)' },
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return
            const text = update.state.doc.toString()
            // The page's own change (see the effect below) is not reported back.
            if (text === valueRef.current) return
            // CodeMirror reads typing in a DOM observer, outside any event React knows of, so
            // React would render the change in a later task, often behind a frame. Rendered now,
            // the new output is on the page within the keystroke's own task.
            flushSync(() => onChangeRef.current(text))
          }),
        ],
      }),
    })
    view.current = editor
    const plain = takeOverFrom?.current
    if (plain && document.activeElement === plain) {
      const end = editor.state.doc.length
      editor.focus()
      editor.dispatch({
        selection: { anchor: Math.min(plain.selectionStart, end), head: Math.min(plain.selectionEnd, end) },
      })
    }
    onMounted?.()
    return () => editor.destroy()
    // The editor owns its document after mount; outside changes arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label])

  useEffect(() => {
    const editor = view.current
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
    }
  }, [value])

  // After the value effect above: the mark is placed on the text the error was found in.
  const errorPosition = error?.position
  const errorMessage = error?.message
  useEffect(() => {
    view.current?.dispatch({
      effects: setErrorMark.of(
        errorPosition === undefined ? undefined : { position: errorPosition, message: errorMessage ?? '' },
      ),
    })
  }, [errorPosition, errorMessage, value])

  // Laid over the text area it replaces, so the swap moves nothing on the page.
  return <div ref={host} className="sql-editor absolute inset-0" data-testid="sql-editor" />
}
