'use client'

import { memo, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react'
import type { RenderResult, TranslateError } from '@docs/sql-to-rest'
import { CopyButton } from '@/components/ui/CopyButton.client'
import { Tab, TabContent, TabList, TabSet } from '@/features/tabs/tab-set.client'
import { COPY_FEEDBACK_MS } from '@/lib/clipboard'
import { siteConfig } from '@/lib/site-config'
import { BaseUrlDialog } from './BaseUrlDialog.client'
import {
  EDITOR_FONT_SIZE_PX,
  EDITOR_LINE_HEIGHT,
  EDITOR_MAX_HEIGHT_PX,
  EDITOR_MIN_HEIGHT_PX,
  EDITOR_TEXT_INSETS,
  sizerText,
} from './editor-size'
import { DEFAULT_EXAMPLE, sqlExamples } from './examples'
import { OutputCode } from './OutputCode'
import { RefusalAdvice, RequestNotes, type CodeView } from './RequestAdvice'
import { RunResponse } from './RunResponse.client'
import {
  DEFAULT_AGGREGATES_ENABLED,
  DEFAULT_BASE_URL,
  LOCAL_ANON_KEY,
  OUTPUT_LANGUAGES,
  REST_PATH,
  isOutputLanguage,
  loadStoredState,
  restSample,
  saveState,
  shareUrl,
  stateFromShareUrl,
  type OutputLanguage,
  type ToolState,
} from './tool-state'
import type { ToolOutput } from './translate-output'
import { useRequestStatement } from './use-request-statement.client'
import { useTranslation, type RunState } from './use-translator.client'

type SqlEditorComponent = (typeof import('./SqlEditor.client'))['default']

/** The text layout the editor's sizer and the plain text area share with CodeMirror. */
const EDITOR_TEXT_STYLE: CSSProperties = {
  fontFamily: 'var(--font-mono)',
  fontSize: EDITOR_FONT_SIZE_PX,
  lineHeight: EDITOR_LINE_HEIGHT,
  tabSize: 2,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  padding: `${EDITOR_TEXT_INSETS.top}px ${EDITOR_TEXT_INSETS.right}px ${EDITOR_TEXT_INSETS.bottom}px ${EDITOR_TEXT_INSETS.left}px`,
}

/** How long typing must pause before the tool's state is written to storage. */
const SAVE_AFTER_MS = 300

const LANGUAGE_LABELS: Record<OutputLanguage, string> = { curl: 'cURL', http: 'HTTP', js: 'JavaScript' }

function ErrorMessage({
  error,
  adviceCall,
  view,
  onUseRewrite,
}: {
  error: TranslateError
  adviceCall: RenderResult | undefined
  view: CodeView
  onUseRewrite: (sql: string) => void
}) {
  // An empty editor is not a mistake: say what to type, without alarm.
  if (error.message === 'There is no SQL to translate.' || error.message === 'There is no request to read.') {
    return (
      <p role="status" data-error-kind="empty" className="text-sm text-[var(--muted)]">
        {error.hint}
      </p>
    )
  }
  if (error.kind === 'unimplemented') {
    return (
      <div
        role="alert"
        data-error-kind="unimplemented"
        className="rounded-md border border-orange-500/60 bg-orange-500/10 p-3 text-sm text-orange-900 dark:text-orange-200"
      >
        <p className="font-medium">{error.message}</p>
        {error.hint ? <p className="mt-1">{error.hint}</p> : null}
        <p className="mt-2">
          This is on the list but not built yet.{' '}
          <a className="font-medium underline" href={`${siteConfig.repositoryUrl}/pulls`}>
            Create a PR
          </a>
        </p>
      </div>
    )
  }
  // A refusal that comes with a way round it is advice, not a failure: it reads as a note.
  if (error.advice) {
    return (
      <div
        role="note"
        aria-label="Advice"
        data-error-kind={error.kind}
        data-advice="true"
        className="rounded-md border border-sky-600/40 bg-sky-500/10 p-3 text-sm text-sky-950 dark:text-sky-100"
      >
        <p className="font-medium">{error.message}</p>
        {error.hint ? <p className="mt-1">{error.hint}</p> : null}
        <RefusalAdvice advice={error.advice} call={adviceCall} view={view} onUseRewrite={onUseRewrite} />
      </div>
    )
  }
  return (
    <div
      role="alert"
      data-error-kind={error.kind}
      className="rounded-md border border-red-500/60 bg-red-500/10 p-3 text-sm text-red-800 dark:text-red-200"
    >
      <p className="font-medium">{error.message}</p>
      {error.hint ? <p className="mt-1">{error.hint}</p> : null}
    </div>
  )
}

/** Writes the state still waiting to be remembered, if any. */
function flushSave(unsaved: { current: ToolState | undefined }) {
  const state = unsaved.current
  if (!state) return
  unsaved.current = undefined
  try {
    saveState(window.localStorage, state)
  } catch {
    // Storage may be unavailable: remembering is a convenience.
  }
}

/** What says a reader is engaging with the page rather than waiting for it to load. */
const ENGAGEMENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart'] as const

/** Runs `task` once, on the reader's first pointer movement, key, scroll or touch on the page. */
function onFirstEngagement(task: () => void): () => void {
  const controller = new AbortController()
  const run = () => {
    controller.abort()
    task()
  }
  for (const type of ENGAGEMENT_EVENTS) {
    window.addEventListener(type, run, { passive: true, capture: true, signal: controller.signal })
  }
  return () => controller.abort()
}

/** What the first run is waiting for, in words. */
function runProgressText(stage: (RunState & { status: 'running' })['stage']): string {
  if (stage === 'query') return 'Running both sides on the sample data…'
  return 'Loading the sample database (PGlite, about 6 MB the first time)…'
}

/** How far below the viewport the Run button may be for the sample database to start loading. */
const PREPARE_RUN_MARGIN = '300px'

/**
 * Calls `prepare` once the page is idle and `button` is within reach of the viewport. Skipped when
 * the reader asked to save data: the database then loads on hover, focus or the press.
 */
function prepareWhenNear(button: HTMLElement, prepare: () => void): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  if (connection?.saveData || typeof IntersectionObserver !== 'function') return () => {}
  let idle: number | undefined
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(prepare, { timeout: 1000 })
          : window.setTimeout(prepare, 0)
    },
    { rootMargin: `${PREPARE_RUN_MARGIN} 0px` },
  )
  observer.observe(button)
  return () => {
    observer.disconnect()
    if (idle === undefined) return
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle)
    else window.clearTimeout(idle)
  }
}

/**
 * The request in the chosen language, its warnings and notes. Memoised: a keystroke re-renders
 * the tool, but this panel only when an answer, the language or the key's visibility changes.
 */
const OutputPanel = memo(function OutputPanel({
  output,
  inactive,
  language: chosen,
  revealed,
  onLanguageChange,
  onToggleReveal,
}: {
  output: ToolOutput | undefined
  inactive: boolean
  language: OutputLanguage
  revealed: boolean
  onLanguageChange: (language: OutputLanguage) => void
  onToggleReveal: () => void
}) {
  const codeView: CodeView = (code) => (
    <OutputCode code={code} language={chosen} secret={LOCAL_ANON_KEY} revealed={revealed} />
  )
  return (
    <div
      data-testid="output-area"
      aria-disabled={inactive ? 'true' : undefined}
      inert={inactive}
      className={inactive ? 'pointer-events-none opacity-40 select-none' : undefined}
    >
      <TabSet
        value={chosen}
        onValueChange={(value) => isOutputLanguage(value) && onLanguageChange(value)}
        idBase="sql-to-rest-output"
      >
        <div className="flex items-center justify-between gap-2 border-b border-[var(--border)]">
          <TabList aria-label="Output language" className="flex gap-1">
            {OUTPUT_LANGUAGES.map((language) => (
              <Tab
                key={language}
                value={language}
                className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-[var(--muted)] data-[state=active]:border-[var(--accent)] data-[state=active]:text-[var(--text)]"
              >
                {LANGUAGE_LABELS[language]}
              </Tab>
            ))}
          </TabList>
          <button
            type="button"
            onClick={onToggleReveal}
            aria-pressed={revealed}
            className="rounded border border-[var(--border)] px-2 py-0.5 text-xs font-medium"
          >
            {revealed ? 'Hide key' : 'Reveal'}
          </button>
        </div>
        {OUTPUT_LANGUAGES.map((language) => {
          const result = output?.outputs[language]
          return (
            <TabContent key={language} value={language} className="pt-3" data-testid={`output-${language}`}>
              {result && !result.ok ? (
                <p
                  role="alert"
                  className="mb-2 rounded border border-red-500/60 bg-red-500/10 p-2 text-sm text-red-800 dark:text-red-200"
                >
                  {result.error.message} {result.error.hint}
                </p>
              ) : null}
              <div className="relative rounded-lg border border-[var(--border)] bg-[var(--code-bg)]">
                <div className="absolute top-2 right-2">
                  <CopyButton
                    text={result?.ok ? result.code : ''}
                    label={`Copy ${LANGUAGE_LABELS[language]}`}
                    resetAfterMs={COPY_FEEDBACK_MS.sqlTool}
                  />
                </div>
                <pre
                  className="min-h-24 overflow-x-auto p-3 pr-20 font-mono text-[13px] whitespace-pre-wrap"
                  tabIndex={0}
                  aria-label={`${LANGUAGE_LABELS[language]} output`}
                >
                  <code>
                    {result?.ok ? (
                      <OutputCode
                        code={result.code}
                        language={language}
                        secret={LOCAL_ANON_KEY}
                        revealed={revealed}
                      />
                    ) : (
                      ''
                    )}
                  </code>
                </pre>
              </div>
            </TabContent>
          )
        })}
      </TabSet>
      {output?.warnings.length ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-amber-800 dark:text-amber-300" aria-label="Warnings">
          {output.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <RequestNotes notes={output?.notes ?? []} language={chosen} view={codeView} />
    </div>
  )
})

/**
 * `firstOutput` is the first example's translation, made when the page was built: shown at once,
 * and the parser loads only when the reader asks for anything else.
 */
export function SqlToRestTool({ firstOutput }: { firstOutput?: ToolOutput }) {
  const [state, setState] = useState<ToolState>({
    sql: DEFAULT_EXAMPLE.sql,
    language: 'curl',
    baseUrl: DEFAULT_BASE_URL,
    dialogOpen: false,
    aggregatesEnabled: DEFAULT_AGGREGATES_ENABLED,
  })
  const [restored, setRestored] = useState(false)
  const [revealed, setRevealed] = useState(false)
  // Set when the reader's last base URL was a project URL that the REST path was added to.
  const [restPathAdded, setRestPathAdded] = useState(false)
  const [direction, setDirection] = useState<'sql' | 'rest'>('sql')
  // The reader's own request; until they write one, the sample, sent to the base URL they set.
  const [ownRestText, setRestText] = useState<string>()
  const restText = ownRestText ?? restSample(state.baseUrl)
  // Run is opened once by the button; from then on every change runs again.
  const [runOpen, setRunOpen] = useState(false)
  // CodeMirror is the page's heaviest script: it comes with the reader's first movement on the page
  // (or focus in the editor), never during the load. Until then a plain text area of the same size
  // holds the query and takes typing; CodeMirror then takes over its text, caret and focus.
  const [editorWanted, setEditorWanted] = useState(false)
  const [editorMounted, setEditorMounted] = useState(false)
  const plainEditor = useRef<HTMLTextAreaElement>(null)
  const { translation, run, prepareRun, onPage, hereSettled } = useTranslation(
    direction === 'sql' ? state.sql : restText,
    direction,
    state.baseUrl,
    LOCAL_ANON_KEY,
    runOpen,
    state.aggregatesEnabled,
    editorWanted,
    firstOutput && {
      text: DEFAULT_EXAMPLE.sql,
      direction: 'sql',
      baseUrl: DEFAULT_BASE_URL,
      apiKey: LOCAL_ANON_KEY,
      output: firstOutput,
    },
  )

  useEffect(() => onFirstEngagement(() => setEditorWanted(true)), [])
  // PGlite takes seconds to start: it starts once a reader who is moving on the page (not one who
  // only loaded it) has the Run button near the viewport, or hovers or focuses it.
  const runButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!editorWanted || !runButton.current) return
    return prepareWhenNear(runButton.current, prepareRun)
  }, [editorWanted, prepareRun])
  // The first run: the button is busy and disabled until the sample database answers.
  const firstRunBusy = runOpen && run.status === 'running'
  // A disabled button loses the focus: it gets it back when the run is over.
  const refocusRun = useRef(false)
  useEffect(() => {
    if (firstRunBusy || !refocusRun.current) return
    refocusRun.current = false
    if (document.activeElement === document.body || document.activeElement === null)
      runButton.current?.focus()
  }, [firstRunBusy])
  // The editor's script downloads while the parser loads. Kept in state rather than behind
  // `lazy`: a suspended component would be shown only after React's reveal throttle.
  const [SqlEditor, setSqlEditor] = useState<SqlEditorComponent>()
  useEffect(() => {
    if (!editorWanted) return
    let live = true
    import('./SqlEditor.client').then(
      (module) => live && setSqlEditor(() => module.default),
      () => {
        // The plain text area goes on taking the query.
      },
    )
    return () => {
      live = false
    }
  }, [editorWanted])

  useEffect(() => {
    let stored: Partial<ToolState> = {}
    try {
      stored = loadStoredState(window.localStorage)
    } catch {
      // Storage may be unavailable; keep the defaults.
    }
    const restoring = { ...stored, ...stateFromShareUrl(window.location.search) }
    // Nothing to restore (a first visit): the state stays the same object, so nothing re-renders for it.
    if (Object.keys(restoring).length > 0) setState((current) => ({ ...current, ...restoring }))
    setRestored(true)
  }, [])

  // Remembered once typing pauses (a storage write on every keystroke would hold each one up),
  // and at once when the reader leaves the page or the tool unmounts.
  const unsaved = useRef<ToolState>(undefined)
  useEffect(() => {
    if (!restored) return
    unsaved.current = state
    const timer = window.setTimeout(() => flushSave(unsaved), SAVE_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [restored, state])
  useEffect(() => {
    const flush = () => flushSave(unsaved)
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [])

  const update = (patch: Partial<ToolState>) => setState((current) => ({ ...current, ...patch }))
  const setLanguage = useCallback(
    (language: OutputLanguage) => setState((current) => ({ ...current, language })),
    [],
  )
  const toggleReveal = useCallback(() => setRevealed((value) => !value), [])

  const output = translation.status === 'ready' ? translation.output : undefined
  const error: TranslateError | undefined =
    translation.status === 'failed'
      ? { kind: 'render', message: 'The SQL parser could not be loaded.', hint: translation.message }
      : output?.error
  const inactive = error !== undefined || output === undefined
  // REST to SQL: what the request means, read from the REST engine (loaded for this only).
  const meaning = useRequestStatement(
    direction === 'rest' && !inactive ? output.request : undefined,
    state.aggregatesEnabled,
  )
  const link = typeof window === 'undefined' ? '' : shareUrl(window.location.href, state.sql, state.language)
  const codeView: CodeView = (code) => (
    <OutputCode code={code} language={state.language} secret={LOCAL_ANON_KEY} revealed={revealed} />
  )

  return (
    <section
      aria-label="SQL to REST translator"
      className="sql-to-rest not-prose my-6 space-y-4"
      // Ready once the page's script runs (and has restored the reader's last query) with an output.
      data-ready={restored && output ? 'true' : 'false'}
      data-translator={onPage ? 'page' : 'worker'}
    >
      <div role="radiogroup" aria-label="Direction" className="flex gap-1 text-sm">
        {(
          [
            ['sql', 'SQL to REST'],
            ['rest', 'REST to SQL'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={direction === value}
            onClick={() => setDirection(value)}
            className="rounded border border-[var(--border)] px-2 py-1 font-medium aria-checked:bg-[var(--surface-strong)]"
          >
            {label}
          </button>
        ))}
      </div>

      {direction === 'rest' ? (
        <textarea
          aria-label="REST request"
          spellCheck={false}
          value={restText}
          onChange={(event) => setRestText(event.target.value)}
          rows={6}
          className="w-full rounded-lg border border-[var(--border)] bg-[var(--bg)] p-3 font-mono text-[13px] focus:outline-2 focus:-outline-offset-2 focus:outline-[var(--accent)]"
        />
      ) : null}

      <div className={direction === 'sql' ? 'flex flex-wrap items-center gap-2 text-sm' : 'hidden'}>
        <label htmlFor="sql-example" className="font-medium">
          Example
        </label>
        <select
          id="sql-example"
          className="rounded border border-[var(--border)] bg-[var(--bg)] px-2 py-1"
          value={sqlExamples.find((example) => example.sql === state.sql)?.id ?? ''}
          onChange={(event) => {
            const example = sqlExamples.find((candidate) => candidate.id === event.target.value)
            if (example) update({ sql: example.sql })
          }}
        >
          <option value="" disabled>
            Your query
          </option>
          {(['Read', 'Write', 'Functions'] as const).map((group) => (
            <optgroup key={group} label={group}>
              {sqlExamples
                .filter((example) => example.group === group)
                .map((example) => (
                  <option key={example.id} value={example.id}>
                    {example.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <span className="ml-auto">
          <CopyButton
            text={link}
            label="Copy a link to this query"
            idleText="Copy link"
            resetAfterMs={COPY_FEEDBACK_MS.sqlTool}
          />
        </span>
      </div>

      <div
        data-testid="sql-editor-box"
        style={{ minHeight: EDITOR_MIN_HEIGHT_PX, maxHeight: EDITOR_MAX_HEIGHT_PX }}
        className={
          direction === 'sql'
            ? 'relative box-content overflow-hidden rounded-lg border border-[var(--border)] bg-[var(--bg)]'
            : 'hidden'
        }
      >
        {/* Gives the box its height: the query laid out as the editor lays it out. */}
        <div aria-hidden="true" className="sql-editor-sizer invisible" style={EDITOR_TEXT_STYLE}>
          {sizerText(state.sql)}
        </div>
        {editorMounted ? null : (
          <textarea
            ref={plainEditor}
            aria-label="SQL query"
            spellCheck={false}
            value={state.sql}
            onChange={(event) => update({ sql: event.target.value })}
            onFocus={() => setEditorWanted(true)}
            onPointerEnter={() => setEditorWanted(true)}
            style={EDITOR_TEXT_STYLE}
            className="absolute inset-0 h-full w-full resize-none bg-transparent focus:outline-2 focus:-outline-offset-2 focus:outline-[var(--accent)]"
          />
        )}
        {/* The editor takes over once the parser runs on this thread too (or failed to): loading
            it would otherwise hold up the first keystrokes in the editor. */}
        {SqlEditor && hereSettled ? (
          <SqlEditor
            value={state.sql}
            onChange={(sql) => update({ sql })}
            label="SQL query"
            takeOverFrom={plainEditor}
            onMounted={() => setEditorMounted(true)}
            error={
              direction === 'sql' && error?.position !== undefined
                ? { position: error.position, message: error.message }
                : undefined
            }
          />
        ) : null}
      </div>

      <div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-[var(--muted)]">Base URL</span>
          <code
            className="rounded bg-[var(--surface-strong)] px-1.5 py-0.5 font-mono text-xs [overflow-wrap:anywhere]"
            data-testid="base-url"
          >
            {state.baseUrl}
          </code>
          <BaseUrlDialog
            baseUrl={state.baseUrl}
            open={state.dialogOpen}
            onOpenChange={(dialogOpen) => update({ dialogOpen })}
            onChange={(baseUrl, addedRestPath) => {
              update({ baseUrl })
              setRestPathAdded(addedRestPath)
            }}
          />
          <label className="inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              data-testid="aggregates-enabled"
              checked={state.aggregatesEnabled}
              onChange={(event) => update({ aggregatesEnabled: event.target.checked })}
              className="size-4 accent-[var(--accent)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]"
            />
            <span>
              Aggregates enabled <span className="font-mono text-xs">(db-aggregates-enabled)</span>
            </span>
          </label>
          <button
            ref={runButton}
            type="button"
            onClick={() => {
              refocusRun.current = document.activeElement === runButton.current
              setRunOpen(true)
            }}
            onPointerEnter={prepareRun}
            onFocus={prepareRun}
            onTouchStart={prepareRun}
            disabled={inactive || firstRunBusy}
            aria-pressed={runOpen}
            aria-busy={firstRunBusy ? 'true' : undefined}
            className="ml-auto rounded border border-[var(--accent)] px-3 py-1 text-sm font-semibold text-[var(--accent-text)] disabled:opacity-50 aria-busy:cursor-progress"
          >
            Run on sample data
          </button>
        </div>
        <p role="status" data-testid="base-url-note" className="mt-1 text-sm text-[var(--muted)] empty:mt-0">
          {restPathAdded ? `Added ${REST_PATH} to your project URL: the REST API is served below it.` : null}
        </p>
        {/* Always in the page, so that screen readers announce what comes into it. */}
        <div
          role="status"
          data-testid="run-progress"
          className="mt-2 text-sm text-[var(--muted)] empty:mt-0"
        >
          {firstRunBusy && !error ? (
            <div className="flex flex-wrap items-center gap-3">
              <progress
                aria-label="Starting the sample database"
                className="h-1.5 w-40 accent-[var(--accent)]"
              />
              <span>{runProgressText(run.stage)}</span>
            </div>
          ) : null}
        </div>
      </div>

      {error ? (
        <ErrorMessage
          error={error}
          adviceCall={output?.adviceCall?.[state.language]}
          view={codeView}
          onUseRewrite={(sql) => update({ sql })}
        />
      ) : null}
      {direction === 'rest' && output?.sql !== undefined ? (
        <div>
          <p className="mb-1 text-sm font-medium">The SQL you would write</p>
          <div className="relative rounded-lg border border-[var(--border)] bg-[var(--code-bg)]">
            <div className="absolute top-2 right-2">
              <CopyButton text={output.sql} label="Copy the SQL" resetAfterMs={COPY_FEEDBACK_MS.sqlTool} />
            </div>
            <pre
              data-testid="rest-sql"
              tabIndex={0}
              aria-label="SQL you would write"
              className="overflow-x-auto p-3 pr-20 font-mono text-[13px] whitespace-pre-wrap"
            >
              {output.sql}
            </pre>
          </div>
          {meaning !== undefined ? (
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer font-medium">The statement PostgREST runs</summary>
              <pre
                data-testid="rest-meaning"
                tabIndex={0}
                aria-label="Statement PostgREST runs"
                className="mt-1 overflow-x-auto rounded-lg border border-[var(--border)] bg-[var(--code-bg)] p-3 font-mono text-xs whitespace-pre-wrap"
              >
                {meaning}
              </pre>
            </details>
          ) : null}
        </div>
      ) : null}
      {translation.status === 'loading' ? (
        <p className="text-sm text-[var(--muted)]" role="status">
          Loading the SQL parser…
        </p>
      ) : null}

      {/* A query that does not translate has no request to show: the message above says why. */}
      {error ? null : (
        <OutputPanel
          output={output}
          inactive={inactive}
          language={state.language}
          revealed={revealed}
          onLanguageChange={setLanguage}
          onToggleReveal={toggleReveal}
        />
      )}
      {runOpen && !error ? <RunResponse run={run} /> : null}
    </section>
  )
}
