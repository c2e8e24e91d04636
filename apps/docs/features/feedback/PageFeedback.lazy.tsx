'use client'

import { useState, type ComponentType } from 'react'
import { loadOnce } from '@/lib/load-once'
import { AnswerButtons, errorClass, FeedbackFrame } from './FeedbackParts'

type Form = ComponentType<{ page: string; endpoint: string; firstAnswer?: boolean }>

/** One box per page, rendered on the server: its heading's id is fixed (`useId` counts from the root). */
const HEADING_ID = 'page-feedback-heading'

/** Once per page; a failed load is tried again on the next intent. */
const loadForm = loadOnce(() => import('./PageFeedback.client').then((module): Form => module.PageFeedback))

/**
 * "Was this page helpful?" on every guide: the question and its two buttons are here from the
 * start; sending, retrying and the comment form are fetched when the reader points at the box or
 * focuses it, and take over when they answer. A reader who never comes near it fetches nothing.
 */
export function PageFeedback({ page, endpoint }: { page: string; endpoint: string }) {
  const [form, setForm] = useState<Form | null>(null)
  const [firstAnswer, setFirstAnswer] = useState<boolean>()
  const [failed, setFailed] = useState(false)

  // Pointing or focusing only fetches the code: swapping the box then would take the focus away.
  const prefetch = () => void loadForm().catch(() => undefined)

  function answer(helpful: boolean) {
    setFailed(false)
    setFirstAnswer(helpful)
    loadForm().then(
      (loaded) => setForm(() => loaded),
      () => {
        setFailed(true)
        setFirstAnswer(undefined)
      },
    )
  }

  const Loaded = form
  if (Loaded) return <Loaded page={page} endpoint={endpoint} firstAnswer={firstAnswer} />
  return (
    <FeedbackFrame headingId={HEADING_ID} step="unanswered" onIntent={prefetch}>
      <AnswerButtons disabled={firstAnswer !== undefined} onAnswer={answer} />
      {failed ? (
        <p role="alert" className={errorClass}>
          Your answer was not sent: this page could not load what sending needs. Check your connection and try
          again.
        </p>
      ) : null}
    </FeedbackFrame>
  )
}
