import { CodeBlock, type CodeBlockProps } from '@/components/ui/CodeBlock'
import '@/features/reference/run-result.css'
import { Island } from '@/components/ui/Island'
import { RunButton } from './RunButton.client'

export interface GuideCodeBlockProps extends CodeBlockProps {
  /** A runnable supabase-js example's key (set by `remarkCodeBlocks`), which puts Run in the bar. */
  run?: string
  /** The Run button's accessible name. */
  runLabel?: string
}

/** A guide's code block: the shared `CodeBlock`, with a Run button when the block is runnable. */
export function GuideCodeBlock({ run, runLabel, ...props }: GuideCodeBlockProps) {
  return (
    <CodeBlock
      {...props}
      action={
        run ? (
          <Island
            name="RunButton"
            component={RunButton}
            props={{ example: run, label: runLabel ?? 'Run example' }}
          />
        ) : undefined
      }
    />
  )
}
