/**
 * The "Was this page helpful?" prompt as a state machine. It starts `unanswered`; a saved answer
 * moves it to `followup`, which thanks the reader and, after "No", holds their comment. A failed
 * send stays where it was, with the error, and never drops the comment text.
 */

export const MAX_COMMENT_LENGTH = 2000

export type FeedbackState =
  | { step: 'unanswered'; sending: boolean; error?: string }
  | {
      step: 'followup'
      helpful: boolean
      /** Id of the stored answer; the comment is attached to it. */
      id: string
      comment: string
      commentStatus: 'editing' | 'sending' | 'sent'
      error?: string
    }

export type FeedbackAction =
  | { type: 'answer-sending' }
  | { type: 'answer-saved'; helpful: boolean; id: string }
  | { type: 'answer-failed'; message: string }
  | { type: 'comment-edited'; comment: string }
  | { type: 'comment-sending' }
  | { type: 'comment-saved' }
  | { type: 'comment-failed'; message: string }

export const initialFeedbackState: FeedbackState = { step: 'unanswered', sending: false }

export function feedbackReducer(state: FeedbackState, action: FeedbackAction): FeedbackState {
  switch (action.type) {
    case 'answer-sending':
      return state.step === 'unanswered' ? { step: 'unanswered', sending: true } : state
    case 'answer-saved':
      return state.step === 'unanswered'
        ? { step: 'followup', helpful: action.helpful, id: action.id, comment: '', commentStatus: 'editing' }
        : state
    case 'answer-failed':
      return state.step === 'unanswered'
        ? { step: 'unanswered', sending: false, error: action.message }
        : state
    case 'comment-edited':
      return state.step === 'followup' && state.commentStatus === 'editing'
        ? { ...state, comment: action.comment.slice(0, MAX_COMMENT_LENGTH) }
        : state
    case 'comment-sending':
      return state.step === 'followup' && state.commentStatus === 'editing' && state.comment.trim() !== ''
        ? { ...state, commentStatus: 'sending', error: undefined }
        : state
    case 'comment-saved':
      return state.step === 'followup' ? { ...state, commentStatus: 'sent', error: undefined } : state
    case 'comment-failed':
      // Back to editing with the text untouched, so the reader can send it again.
      return state.step === 'followup' ? { ...state, commentStatus: 'editing', error: action.message } : state
  }
}
