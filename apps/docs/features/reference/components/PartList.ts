import { createElement, Fragment, type ReactNode } from 'react'
import type { PreparedPart } from '../prepare-sections'

/**
 * A column's parts in model order. The parts are passed as separate children, not as one keyed
 * list: each kind appears once per section, and keys would only add bytes to the page payload.
 */
export function inOrder(
  parts: readonly PreparedPart[],
  render: (part: PreparedPart) => ReactNode,
): ReactNode {
  if (parts.length === 0) return null
  return createElement(Fragment, null, ...parts.map(render))
}
