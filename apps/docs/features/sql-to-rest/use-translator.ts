'use client'

import { useEffect, useState } from 'react'

type Translator = typeof import('@docs/sql-to-rest')

export type TranslatorState =
  | { status: 'loading' }
  | { status: 'ready'; translator: Translator }
  | { status: 'failed'; message: string }

/** Served from one fixed URL: the parser's own loader would look next to the page instead. */
export const PARSER_WASM_URL = '/wasm/libpg-query.wasm'

let loading: Promise<Translator> | undefined

function loadTranslator(): Promise<Translator> {
  loading ??= import('@docs/sql-to-rest').then(async (translator) => {
    await translator.initTranslator({ wasmUrl: PARSER_WASM_URL })
    return translator
  })
  loading.catch(() => {
    loading = undefined
  })
  return loading
}

/** Loads the translator and its WASM parser after the page has rendered. */
export function useTranslator(): TranslatorState {
  const [state, setState] = useState<TranslatorState>({ status: 'loading' })
  useEffect(() => {
    let active = true
    loadTranslator().then(
      (translator) => active && setState({ status: 'ready', translator }),
      (error: unknown) =>
        active && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      active = false
    }
  }, [])
  return state
}
