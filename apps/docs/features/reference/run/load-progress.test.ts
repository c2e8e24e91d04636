import { describe, expect, it } from 'vitest'
import { downloadStage, failedStatus, loadingStatus, outcomeStatus } from './load-progress'
import type { ShownOutcome } from './result-panel'

const MB = 1024 * 1024

describe('downloadStage', () => {
  it('adds up the files, with a total only when every size is known', () => {
    expect(
      downloadStage([
        { loaded: 1 * MB, total: 2 * MB, done: false },
        { loaded: 0.5 * MB, total: 1 * MB, done: false },
      ]),
    ).toEqual({ stage: 'download', loaded: 1.5 * MB, total: 3 * MB })
    expect(
      downloadStage([
        { loaded: 1 * MB, total: 2 * MB, done: false },
        { loaded: 0.5 * MB, done: false },
      ]),
    ).toEqual({ stage: 'download', loaded: 1.5 * MB, total: undefined })
  })

  it('moves on to starting once every file is in', () => {
    expect(
      downloadStage([
        { loaded: 2 * MB, total: 2 * MB, done: true },
        { loaded: 1 * MB, done: true },
      ]),
    ).toEqual({ stage: 'start' })
    // Nothing downloaded yet is not "everything is in".
    expect(downloadStage([])).toEqual({ stage: 'download', loaded: 0, total: undefined })
  })

  it('claims no total smaller than what has come in', () => {
    expect(downloadStage([{ loaded: 3 * MB, total: 2 * MB, done: false }])).toEqual({
      stage: 'download',
      loaded: 3 * MB,
      total: undefined,
    })
  })
})

describe('loadingStatus', () => {
  it('says what loads and how far, with a measured bar', () => {
    const status = loadingStatus({ stage: 'download', loaded: 1.2 * MB, total: 3.4 * MB })
    expect(status.text).toBe('Loading the in-browser database… 1.2 of 3.4 MB')
    expect(status.progress).toEqual({ value: 1.2 * MB, max: 3.4 * MB })
    expect(status.verdict).toBe('loading')
    // The byte count changes many times a second; a screen reader hears the step once.
    expect(status.announcement).toBe('Loading the in-browser database')
  })

  it('without sizes, says how much came in and shows a bar that claims no amount', () => {
    const status = loadingStatus({ stage: 'download', loaded: 2.5 * MB })
    expect(status.text).toBe('Loading the in-browser database… 2.5 MB')
    expect(status.progress).toEqual({})
    expect(loadingStatus({ stage: 'download', loaded: 0 }).text).toBe('Loading the in-browser database…')
  })

  it('then starting, then running', () => {
    expect(loadingStatus({ stage: 'start' })).toMatchObject({
      text: 'Starting the in-browser database…',
      progress: { value: 1, max: 1 },
      verdict: 'loading',
    })
    const running = loadingStatus({ stage: 'run' })
    expect(running).toMatchObject({ text: 'Running the example…', verdict: 'running' })
    expect(running.progress).toBeUndefined()
  })
})

describe('failedStatus', () => {
  it('says what failed and that Run tries again', () => {
    expect(failedStatus('Failed to fetch', 'load').text).toBe(
      'The in-browser database did not load (Failed to fetch). Press Run to try again.',
    )
    expect(failedStatus('The database for Run could not be downloaded (HTTP 404).', 'load').text).toBe(
      'The in-browser database did not load (The database for Run could not be downloaded (HTTP 404)). Press Run to try again.',
    )
    expect(failedStatus('out of memory', 'run')).toMatchObject({
      text: 'The run failed (out of memory). Press Run to try again.',
      verdict: 'failed',
    })
  })
})

describe('outcomeStatus', () => {
  const returned = { data: [{ id: 1 }], error: null, count: null, status: 200, statusText: 'OK' }
  const errorResult = {
    data: null,
    error: { code: 'PGRST116', details: null, hint: null, message: 'JSON object requested' },
    count: null,
    status: 406,
    statusText: 'Not Acceptable',
  }
  const outcome = (fields: Partial<ShownOutcome>): ShownOutcome => ({
    returned,
    differences: [],
    matches: true,
    logged: [],
    ...fields,
  })

  it('a match is a success', () => {
    expect(outcomeStatus(outcome({}))).toMatchObject({
      text: 'Matches the documented response',
      verdict: 'match',
    })
  })

  it('an error the page documents reads as that, not as a success or a failure', () => {
    expect(outcomeStatus(outcome({ returned: errorResult }))).toMatchObject({
      text: 'Returns the documented error',
      verdict: 'documented-error',
    })
  })

  it('a difference is counted; an error nobody documented is a failure', () => {
    const differences = [{ path: 'data.0.id', documented: 2, returned: 1 }]
    expect(outcomeStatus(outcome({ matches: false, differences }))).toMatchObject({
      text: 'Differs from the documented response in 1 place',
      verdict: 'differs',
    })
    expect(
      outcomeStatus(outcome({ returned: errorResult, matches: false, undocumented: true })),
    ).toMatchObject({ text: 'Returned an error', verdict: 'failed' })
    expect(outcomeStatus(outcome({ returned: undefined, failure: 'The example threw: x' }))).toMatchObject({
      text: 'The example threw: x',
      verdict: 'failed',
    })
  })
})
