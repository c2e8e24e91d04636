/**
 * The reference's Run, for other features' examples (the guides' runnable code blocks): run
 * compiled example code with the real supabase-js on the REST engine, hold the result against a
 * documented one, and show it under the example with a Run button's busy state and verdict.
 * `run-result.css` styles the button and the result. No DOM at import time: Node tests use it too.
 *
 *   const { returned, failure } = await runWithClient(handle, example.run, anonKey)
 *   const differences = compareResults(documented, returned)
 */
export {
  RESULT_FIELDS,
  compareResults,
  documentedResult,
  describeDifference,
  type Difference,
  type ExampleResult,
  type Json,
} from './run/example-result'
export { runWithClient, type ClientRun } from './run/run-example'
export type { ExampleConsole } from './run/runnable-example'
export { pressRun, workerChannel, type ShownOutcome, type WorkerReply } from './run/result-panel'
