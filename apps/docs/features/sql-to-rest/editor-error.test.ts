import { describe, expect, it } from 'vitest'
import { errorRange } from './editor-error'

const marked = (text: string, position: number) => {
  const range = errorRange(text, position)
  return range && text.slice(range.from, range.to)
}

describe('errorRange', () => {
  it('covers the word at the offset', () => {
    expect(marked('selec * from products', 0)).toBe('selec')
    expect(marked('select a from t group by a having count(*) > 1', 34)).toBe('count')
    expect(marked('select 1; select 2', 10)).toBe('select')
  })

  it('covers one character where no word starts', () => {
    expect(marked('select * from products where price > > 1', 37)).toBe('>')
  })

  it('skips spaces to the next thing written', () => {
    expect(marked('select 1;   select 2', 9)).toBe('select')
  })

  it('at the end of the text, covers the last word', () => {
    expect(marked('select * from', 13)).toBe('from')
    expect(marked('select * from products where\n  ', 31)).toBe('where')
    expect(marked('select (', 8)).toBe('(')
    // An offset past the end, as a stale answer may give, is read as the end.
    expect(marked('select * from', 40)).toBe('from')
  })

  it('marks nothing without a place to mark', () => {
    expect(errorRange('', 0)).toBeUndefined()
    expect(errorRange('   ', 1)).toBeUndefined()
    expect(errorRange('select', -1)).toBeUndefined()
  })
})
