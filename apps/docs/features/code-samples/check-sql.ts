import { vector } from '@electric-sql/pglite-pgvector'
import { createPlatformDb } from '@docs/pglite-platform'
import { loadParser } from '@docs/sql-to-rest'
import type { CodeSample, SampleFailure } from './samples'

function lineAt(code: string, offset: number): number {
  return code.slice(0, Math.max(0, offset)).split('\n').length - 1
}

/** Every SQL sample must parse with the real Postgres parser. */
export async function checkSqlParses(samples: readonly CodeSample[]): Promise<SampleFailure[]> {
  const parser = await loadParser()
  const failures: SampleFailure[] = []
  for (const sample of samples) {
    const outcome = parser.parse(sample.code)
    if (!outcome.ok) {
      failures.push({
        sample,
        line: sample.line + lineAt(sample.code, outcome.position ?? 0),
        message: `does not parse: ${outcome.message}`,
      })
    }
  }
  return failures
}

/**
 * Runnable samples execute on PGlite with the platform's auth and storage stand-ins, and with
 * pgvector available to `create extension vector` (the AI guides run their SQL). A group
 * (one guide page) shares one database and runs in page order, as a reader would run it.
 * Reference examples each run in a transaction that is rolled back, so they stay independent.
 */
export async function runSql(
  samples: readonly CodeSample[],
  { isolateEach }: { isolateEach: (sample: CodeSample) => boolean },
): Promise<SampleFailure[]> {
  const failures: SampleFailure[] = []
  const groups = new Map<string, CodeSample[]>()
  for (const sample of samples) groups.set(sample.group, [...(groups.get(sample.group) ?? []), sample])
  for (const group of groups.values()) {
    const db = await createPlatformDb({ extensions: { vector } })
    try {
      for (const sample of group) {
        const isolated = isolateEach(sample)
        try {
          if (isolated) await db.exec('begin')
          await db.exec(sample.code)
        } catch (error) {
          const err = error as Error & { position?: string }
          const position = err.position ? Number(err.position) - 1 : 0
          failures.push({ sample, line: sample.line + lineAt(sample.code, position), message: `fails on Postgres: ${err.message}` })
          if (!isolated) break
        } finally {
          if (isolated) await db.exec('rollback').catch(() => undefined)
        }
      }
    } finally {
      await db.close()
    }
  }
  return failures
}
