import { checkConfigTomlKeys, isGuideConfigToml } from './check-config-toml'
import { checkJson, checkShell, checkToml, checkYaml } from './check-data'
import { checkSqlParses, runSql } from './check-sql'
import path from 'node:path'
import { loadCliFacts } from '@/features/cli-facts'
import { checkCliCalls, indexCliFacts } from './check-cli'
import { environmentFor } from './collect-samples'
import { checkTypeScript } from './check-typescript'
import { languageOf, type CodeSample, type SampleFailure, type SampleLanguage } from './samples'

/** The command tree shell samples are checked against (relative to apps/docs). */
const CLI_FACTS_FILE = 'content/reference/cli/cli-v1.187-facts.json'

export interface LanguageReport {
  checked: number
  fragments: number
  failed: number
}

export interface CheckReport {
  byLanguage: Record<SampleLanguage, LanguageReport>
  /** Runnable SQL samples executed on PGlite. */
  executed: number
  /** `supabase ...` calls in shell samples checked against the CLI 1.187 facts. */
  cliCalls: number
  failures: SampleFailure[]
}

/** Verifies every sample by language; see the README's "Adding a guide" for the markers. */
export async function checkSamples(samples: readonly CodeSample[], projectDir: string): Promise<CheckReport> {
  const byLanguage = Object.fromEntries(
    (['typescript', 'sql', 'json', 'yaml', 'toml', 'shell', 'other'] as const).map((lang) => [
      lang,
      { checked: 0, fragments: 0, failed: 0 },
    ]),
  ) as Record<SampleLanguage, LanguageReport>
  const buckets = new Map<SampleLanguage, CodeSample[]>()
  for (const sample of samples) {
    const language = languageOf(sample.lang)
    if (sample.fragment) {
      byLanguage[language].fragments += 1
      continue
    }
    byLanguage[language].checked += language === 'other' ? 0 : 1
    if (language === 'other') byLanguage.other.fragments += 1
    buckets.set(language, [...(buckets.get(language) ?? []), sample])
  }

  const failures: SampleFailure[] = []
  const byEnvironment = new Map<string, CodeSample[]>()
  for (const sample of buckets.get('typescript') ?? []) {
    const key = environmentFor(sample.file).folder
    byEnvironment.set(key, [...(byEnvironment.get(key) ?? []), sample])
  }
  for (const group of byEnvironment.values()) {
    const environment = environmentFor(group[0]!.file)
    failures.push(
      ...checkTypeScript(group, projectDir, {
        envFile: path.join(projectDir, environment.envFile),
        aliases: environment.aliases,
      }),
    )
  }
  const sql = buckets.get('sql') ?? []
  const sqlParseFailures = await checkSqlParses(sql)
  failures.push(...sqlParseFailures)
  const broken = new Set(sqlParseFailures.map((failure) => failure.sample))
  const runnable = sql.filter((sample) => sample.runnable && !broken.has(sample))
  failures.push(
    ...(await runSql(runnable, { isolateEach: (sample) => sample.file.includes('/content/reference/') })),
  )
  for (const sample of buckets.get('json') ?? []) pushIf(failures, checkJson(sample))
  for (const sample of buckets.get('yaml') ?? []) pushIf(failures, checkYaml(sample))
  for (const sample of buckets.get('toml') ?? []) {
    pushIf(failures, checkToml(sample))
    if (isGuideConfigToml(sample)) failures.push(...checkConfigTomlKeys(sample))
  }
  const cli = indexCliFacts(
    loadCliFacts(path.join(projectDir, CLI_FACTS_FILE), `apps/docs/${CLI_FACTS_FILE}`),
  )
  let cliCalls = 0
  for (const sample of buckets.get('shell') ?? []) {
    const syntax = checkShell(sample)
    if (syntax) {
      failures.push(syntax)
      continue
    }
    const calls = checkCliCalls(sample, cli)
    cliCalls += calls.calls
    failures.push(...calls.failures)
  }

  const failedSamples = new Set<CodeSample>()
  for (const failure of failures) {
    if (failedSamples.has(failure.sample)) continue
    failedSamples.add(failure.sample)
    byLanguage[languageOf(failure.sample.lang)].failed += 1
  }
  failures.sort((a, b) => a.sample.file.localeCompare(b.sample.file) || a.line - b.line)
  return { byLanguage, executed: runnable.length, cliCalls, failures }
}

/** Samples as test counts: a checked sample passes or fails; fragments and unchecked languages are skipped. */
export function countSamples(report: CheckReport): { passed: number; failed: number; skipped: number } {
  let passed = 0
  let failed = 0
  let skipped = 0
  for (const [language, r] of Object.entries(report.byLanguage)) {
    skipped += r.fragments
    if (language === 'other') continue
    passed += r.checked - r.failed
    failed += r.failed
  }
  return { passed, failed, skipped }
}

function pushIf(list: SampleFailure[], failure: SampleFailure | undefined) {
  if (failure) list.push(failure)
}

export function formatReport(report: CheckReport): string {
  const rows = Object.entries(report.byLanguage).map(([language, r]) =>
    language === 'other'
      ? `  ${'other'.padEnd(11)} ${'-'.padStart(8)} ${String(r.fragments).padStart(9)} ${'-'.padStart(7)}   (languages without a checker: text, http, ...)`
      : `  ${language.padEnd(11)} ${String(r.checked).padStart(8)} ${String(r.fragments).padStart(9)} ${String(r.failed).padStart(7)}`,
  )
  const ts = report.byLanguage.typescript
  const total = ts.checked + ts.fragments
  const share = total === 0 ? 100 : (100 * ts.checked) / total
  return [
    'Code samples',
    `  ${'language'.padEnd(11)} ${'checked'.padStart(8)} ${'skipped'.padStart(9)} ${'failed'.padStart(7)}`,
    ...rows,
    `  runnable SQL executed on PGlite: ${report.executed}`,
    `  supabase CLI calls checked against CLI 1.187: ${report.cliCalls}`,
    `  TypeScript fully checked: ${share.toFixed(1)}% (goal: more than 90%)`,
  ].join('\n')
}
