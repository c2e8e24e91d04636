'use client'

import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { indentUnit, syntaxHighlighting } from '@codemirror/language'
import { EditorState } from '@codemirror/state'
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view'
import { useEffect, useRef, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { sqlHighlightStyle } from './editor-highlight'
import { EDITOR_FONT_SIZE_PX, EDITOR_LINE_HEIGHT } from './editor-size'

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
}: {
  value: string
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

  // Laid over the text area it replaces, so the swap moves nothing on the page.
  return <div ref={host} className="sql-editor absolute inset-0" data-testid="sql-editor" />
}
