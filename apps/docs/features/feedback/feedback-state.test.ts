import { describe, expect, it } from 'vitest'
import {
  feedbackReducer,
  initialFeedbackState,
  MAX_COMMENT_LENGTH,
  type FeedbackAction,
  type FeedbackState,
} from './feedback-state'

const run = (actions: FeedbackAction[], from: FeedbackState = initialFeedbackState) =>
  actions.reduce(feedbackReducer, from)

describe('feedbackReducer', () => {
  it('moves from unanswered to followup once the answer is saved', () => {
    const sending = run([{ type: 'answer-sending' }])
    expect(sending).toEqual({ step: 'unanswered', sending: true })
    expect(run([{ type: 'answer-saved', helpful: true, id: 'a' }], sending)).toEqual({
      step: 'followup',
      helpful: true,
      id: 'a',
      comment: '',
      commentStatus: 'editing',
    })
  })

  it('stays unanswered with the reason when the answer fails, and can try again', () => {
    const failed = run([{ type: 'answer-sending' }, { type: 'answer-failed', message: 'offline' }])
    expect(failed).toEqual({ step: 'unanswered', sending: false, error: 'offline' })
    expect(run([{ type: 'answer-sending' }], failed)).toEqual({ step: 'unanswered', sending: true })
  })

  it('keeps the comment when sending it fails, then sends it', () => {
    const writing = run([
      { type: 'answer-saved', helpful: false, id: 'b' },
      { type: 'comment-edited', comment: 'The example does not run' },
      { type: 'comment-sending' },
    ])
    expect(writing).toMatchObject({ commentStatus: 'sending', comment: 'The example does not run' })
    const failed = run([{ type: 'comment-failed', message: 'the feedback service answered 500' }], writing)
    expect(failed).toMatchObject({
      commentStatus: 'editing',
      comment: 'The example does not run',
      error: 'the feedback service answered 500',
    })
    const sent = run([{ type: 'comment-sending' }, { type: 'comment-saved' }], failed)
    expect(sent).toMatchObject({ commentStatus: 'sent', comment: 'The example does not run' })
    expect(sent).not.toHaveProperty('error', expect.anything())
  })

  it('ignores an empty comment, caps its length and ignores edits while sending', () => {
    const followup = run([{ type: 'answer-saved', helpful: false, id: 'c' }])
    expect(
      run([{ type: 'comment-edited', comment: '   ' }, { type: 'comment-sending' }], followup),
    ).toMatchObject({ commentStatus: 'editing' })
    const long = run([{ type: 'comment-edited', comment: 'x'.repeat(MAX_COMMENT_LENGTH + 50) }], followup)
    expect(long.step === 'followup' && long.comment.length).toBe(MAX_COMMENT_LENGTH)
    const sending = run(
      [
        { type: 'comment-edited', comment: 'ok' },
        { type: 'comment-sending' },
        { type: 'comment-edited', comment: 'changed' },
      ],
      followup,
    )
    expect(sending).toMatchObject({ comment: 'ok' })
  })
})
