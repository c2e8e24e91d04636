import { describe, expect, it } from 'vitest'
import { propsWithSlots, slotEntries } from './island-slots'

describe('island slots', () => {
  it('names a node prop by its name and each node of a list by its place', () => {
    expect(slotEntries({ children: 'text', panels: ['a', 'b'] })).toEqual([
      ['children', 'text'],
      ['panels.0', 'a'],
      ['panels.1', 'b'],
    ])
    expect(slotEntries({ panels: [] })).toEqual([])
  })

  it('puts the slots back beside the JSON props, lists in their order whatever order they come in', () => {
    const merged = propsWithSlots({ queryGroup: 'framework' }, ['panels.1', 'children', 'panels.0'], (name) =>
      name.toUpperCase(),
    )
    expect(merged).toEqual({
      queryGroup: 'framework',
      children: 'CHILDREN',
      panels: ['PANELS.0', 'PANELS.1'],
    })
  })

  it('leaves the props it was given as they were', () => {
    const props = { queryGroup: 'framework' }
    propsWithSlots(props, ['children'], () => 'x')
    expect(props).toEqual({ queryGroup: 'framework' })
  })
})
