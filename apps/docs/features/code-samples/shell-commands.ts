/**
 * Splits a shell script into simple commands (words with the line each starts on), enough to
 * find the CLI invocations a guide shows: quotes, backslash continuations, comments, `&&`, `||`,
 * `;`, `|`, `&`, subshell parentheses and `$( ... )`, and here-documents whose bodies are skipped.
 */

export interface ShellWord {
  text: string
  /** 0-based line within the script. */
  line: number
  /** True when any part of the word was quoted or came from an expansion (`$VAR`, `$(...)`). */
  dynamic: boolean
}

export type SimpleCommand = ShellWord[]

const OPERATOR_CHARS = new Set([';', '&', '|', '(', ')', '\n'])

export function splitShellCommands(script: string): SimpleCommand[] {
  const commands: SimpleCommand[] = []
  let current: ShellWord[] = []
  let word: ShellWord | undefined
  let line = 0
  const pendingHeredocs: { delimiter: string; stripTabs: boolean }[] = []
  let i = 0

  const endWord = () => {
    if (word) current.push(word)
    word = undefined
  }
  const endCommand = () => {
    endWord()
    if (current.length > 0) commands.push(current)
    current = []
  }
  const append = (text: string, dynamic = false) => {
    word ??= { text: '', line, dynamic: false }
    word.text += text
    if (dynamic) word.dynamic = true
  }

  while (i < script.length) {
    const ch = script[i]!
    if (ch === '\\' && script[i + 1] === '\n') {
      line += 1
      i += 2
      continue
    }
    if (ch === '\\') {
      append(script[i + 1] ?? '')
      i += 2
      continue
    }
    if (ch === "'") {
      const end = script.indexOf("'", i + 1)
      const text = script.slice(i + 1, end === -1 ? script.length : end)
      append(text)
      line += text.split('\n').length - 1
      i = end === -1 ? script.length : end + 1
      continue
    }
    if (ch === '"') {
      let j = i + 1
      let text = ''
      let dynamic = false
      while (j < script.length && script[j] !== '"') {
        if (script[j] === '\\' && j + 1 < script.length) {
          text += script[j + 1]
          j += 2
          continue
        }
        if (script[j] === '$') dynamic = true
        text += script[j]
        j += 1
      }
      append(text, dynamic)
      line += text.split('\n').length - 1
      i = j + 1
      continue
    }
    if (ch === '$' && script[i + 1] === '(') {
      // A command substitution is a command of its own; the word it sits in is dynamic.
      append('$()', true)
      const outer = { current, word }
      current = []
      word = undefined
      let depth = 1
      let j = i + 2
      const start = j
      while (j < script.length && depth > 0) {
        if (script[j] === '(') depth += 1
        else if (script[j] === ')') depth -= 1
        j += 1
      }
      const inner = splitShellCommands(script.slice(start, j - 1))
      for (const command of inner) commands.push(command.map((w) => ({ ...w, line: w.line + line })))
      line += script.slice(start, j).split('\n').length - 1
      current = outer.current
      word = outer.word
      i = j
      continue
    }
    if (ch === '$') {
      append('$', true)
      i += 1
      continue
    }
    if (ch === '#' && !word) {
      while (i < script.length && script[i] !== '\n') i += 1
      continue
    }
    if (ch === '<' && script[i + 1] === '<' && script[i + 2] !== '<') {
      endWord()
      let j = i + 2
      const stripTabs = script[j] === '-'
      if (stripTabs) j += 1
      while (script[j] === ' ') j += 1
      const match = /^(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1/.exec(script.slice(j))
      if (match) {
        pendingHeredocs.push({ delimiter: match[2]!, stripTabs })
        i = j + match[0].length
        continue
      }
    }
    if (ch === ' ' || ch === '\t') {
      endWord()
      i += 1
      continue
    }
    if (OPERATOR_CHARS.has(ch)) {
      endCommand()
      if (ch === '\n') {
        line += 1
        i += 1
        // Here-document bodies start on the next line and are data, not commands.
        while (pendingHeredocs.length > 0) {
          const { delimiter, stripTabs } = pendingHeredocs.shift()!
          while (i < script.length) {
            const end = script.indexOf('\n', i)
            const bodyLine = script.slice(i, end === -1 ? script.length : end)
            i = end === -1 ? script.length : end + 1
            line += 1
            if ((stripTabs ? bodyLine.replace(/^\t+/, '') : bodyLine) === delimiter) break
          }
        }
        continue
      }
      i += 1
      continue
    }
    append(ch)
    i += 1
  }
  endCommand()
  return commands
}
