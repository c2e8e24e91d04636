/**
 * What a first Run waits for, in one place for both sides: the worker counts the bytes of its
 * downloads (`count-downloads.ts`) and sends a `LoadStage`; the page turns it into words and a
 * progress bar (`runStatus`). No DOM: the unit tests and the worker share it.
 */
import type { ShownOutcome } from './result-panel'

/** One file the worker is downloading: bytes read so far and, when known, how many there are. */
export interface Download {
  loaded: number
  total?: number
  done: boolean
}

export type LoadStage =
  /** Files are coming in: `total` only when every file's size is known. */
  | { stage: 'download'; loaded: number; total?: number }
  /** Everything is here; PGlite is starting on it. */
  | { stage: 'start' }
  /** The database is ready; the example is running. */
  | { stage: 'run' }

/** The files' bytes added up; the files are all in once none is still coming. */
export function downloadStage(downloads: Iterable<Download>): LoadStage {
  let loaded = 0
  let total: number | undefined = 0
  let pending = false
  for (const download of downloads) {
    loaded += download.loaded
    total = total === undefined || download.total === undefined ? undefined : total + download.total
    pending ||= !download.done
  }
  if (!pending && loaded > 0) return { stage: 'start' }
  // A body larger than its announced size (a wrong table entry) must not show "17 of 16 MB".
  return {
    stage: 'download',
    loaded,
    total: total !== undefined && total >= loaded && total > 0 ? total : undefined,
  }
}

const MB = 1024 * 1024

function megabytes(bytes: number): string {
  return (bytes / MB).toFixed(1)
}

/** What the panel shows: its words, its bar (`max` absent: the bar moves without a measure) and its look. */
export interface RunStatus {
  text: string
  /** What a screen reader hears; a byte count is not read out on every step. */
  announcement: string
  progress?: { value?: number; max?: number }
  verdict: 'loading' | 'running' | 'match' | 'documented-error' | 'differs' | 'failed'
}

export const LOADING_LABEL = 'Loading the in-browser database'

/** The panel while a run is on its way. */
export function loadingStatus(stage: LoadStage): RunStatus {
  if (stage.stage === 'run') {
    return { text: 'Running the example…', announcement: 'Running the example', verdict: 'running' }
  }
  if (stage.stage === 'start') {
    return {
      text: 'Starting the in-browser database…',
      announcement: 'Starting the in-browser database',
      progress: { value: 1, max: 1 },
      verdict: 'loading',
    }
  }
  const { loaded, total } = stage
  const amount = total
    ? ` ${megabytes(loaded)} of ${megabytes(total)} MB`
    : loaded > 0
      ? ` ${megabytes(loaded)} MB`
      : ''
  return {
    text: `${LOADING_LABEL}…${amount}`,
    announcement: LOADING_LABEL,
    progress: total ? { value: loaded, max: total } : {},
    verdict: 'loading',
  }
}

/**
 * How a run's result is held against the documented response, in words, the same under every
 * result of the reference and of the guides.
 */
export const COMPARISON_RULE =
  'Compared with the documented response: every field it shows must be equal; when it shows the whole result, a field it leaves out must be null; a value that changes on every run (an id, a time) is compared by its type.'

/** Why a run gave no result. `stage: 'load'`: the database never started, so nothing ran. */
export function failedStatus(failed: string, stage: 'load' | 'run'): RunStatus {
  const why = failed.trim().replace(/\.$/, '')
  const what = stage === 'load' ? `The in-browser database did not load (${why})` : `The run failed (${why})`
  const text = `${what}. Press Run to try again.`
  return { text, announcement: text, verdict: 'failed' }
}

/** The verdict on what a run returned. */
export function outcomeStatus(outcome: ShownOutcome): RunStatus {
  const done = (text: string, verdict: RunStatus['verdict']): RunStatus => ({
    text,
    announcement: text,
    verdict,
  })
  if (!outcome.returned) return done(outcome.failure ?? 'The example returned nothing.', 'failed')
  if (outcome.undocumented) {
    return outcome.matches
      ? done('Returned without an error (the page shows no response to compare)', 'match')
      : done('Returned an error', 'failed')
  }
  if (outcome.matches) {
    // An error the page documents is what the example is there to show: not a failure, not a success.
    return outcome.returned.error === null
      ? done('Matches the documented response', 'match')
      : done('Returns the documented error', 'documented-error')
  }
  const count = outcome.differences.length
  return done(
    `Differs from the documented response in ${count} ${count === 1 ? 'place' : 'places'}`,
    'differs',
  )
}
