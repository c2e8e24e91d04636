/**
 * The reference's Run, for other features' examples (the guides' runnable code blocks): run
 * compiled example code with the real supabase-js on the platform in the page (the auth, REST and
 * storage engines), hold the result against a documented one, and show it under the example with a Run button's busy state, the first run's
 * loading progress and the verdict, the same way as the reference shows it. `run-result.css`
 * styles the button and the result. No DOM at import time: Node tests and workers use it too.
 *
 *   const { returned, failure } = await runOnClient(platformClient(platform, anonKey), example.run)
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
export { runOnClient, type ClientRun } from './run/run-with-client'
export { platformClient } from './run/platform-setup'
export type { ExampleConsole } from './run/runnable-example'
export { countDownloads } from './run/count-downloads'
export { loadingStatus, type LoadStage } from './run/load-progress'
export {
  pressRun,
  workerChannel,
  type ShownOutcome,
  type WorkerMessage,
  type WorkerReply,
} from './run/result-panel'
