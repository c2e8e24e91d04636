/**
 * Both themes' colours from one tokenization.
 *
 * Shiki colours a block for two themes by tokenizing it twice, once per theme, and that second pass
 * is most of the build's highlighting time. Our two themes (GitHub's high-contrast light and dark)
 * have the same rules, in the same order, with the same font styles: only the colours differ. The
 * rule that colours a token is then the same in both, and when each light colour belongs to one
 * dark colour only, a token's light colour tells its dark one. So the block is tokenized with the
 * light theme, and `dualThemeTransformer` writes each token's two colours into the same CSS
 * variables Shiki writes for two themes, through Shiki's own style functions.
 *
 * `darkColourOf` checks that the themes are built that way and answers undefined when they are not;
 * the highlighter then asks Shiki for both themes. `highlight.test.ts` holds the output to Shiki's
 * two-pass output for every code block of the guides.
 */
import type { Properties } from 'hast'
import {
  flatTokenVariants,
  stringifyTokenStyle,
  type ThemeRegistrationResolved,
  type ShikiTransformer,
} from 'shiki'

/** The dark colour of each light colour (upper case, as tokens carry them), if the themes pair up. */
export function darkColourOf(
  light: ThemeRegistrationResolved,
  dark: ThemeRegistrationResolved,
): Map<string, string> | undefined {
  const lightRules = light.settings
  const darkRules = dark.settings
  if (lightRules.length !== darkRules.length) return undefined
  const pairs = new Map<string, string>()
  const pair = (from: string | undefined, to: string | undefined): boolean => {
    if (!from || !to) return from === to
    const key = from.toUpperCase()
    const known = pairs.get(key)
    if (known !== undefined && known !== to.toUpperCase()) return false
    pairs.set(key, to.toUpperCase())
    return true
  }
  if (!pair(light.fg, dark.fg)) return undefined
  for (const [index, rule] of lightRules.entries()) {
    const other = darkRules[index]!
    const sameRule =
      JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
      (rule.settings.fontStyle ?? '') === (other.settings.fontStyle ?? '')
    // Rule backgrounds are left out: Shiki colours a grammar token's text only.
    if (!sameRule || !pair(rule.settings.foreground, other.settings.foreground)) return undefined
  }
  return pairs
}

/** A token coloured by no rule of the pairing: the block is highlighted for both themes instead. */
export class UnpairedColourError extends Error {
  constructor(colour: string) {
    super(`The light colour ${colour} has no dark colour`)
  }
}

/**
 * For a light-theme tokenization: each token gets Shiki's two-theme variables, and the `<pre>` the
 * class and style of a two-theme block (`rootProperties`, taken from Shiki's own output).
 */
export function dualThemeTransformer(
  darkOf: ReadonlyMap<string, string>,
  rootProperties: Properties,
): ShikiTransformer {
  return {
    name: 'docs:dual-theme-from-light',
    pre(node) {
      node.properties.class = rootProperties.class
      node.properties.style = rootProperties.style
    },
    span(node, _line, _column, _lineElement, token) {
      const darkColour = token.color ? darkOf.get(token.color.toUpperCase()) : token.color
      if (token.color && darkColour === undefined) throw new UnpairedColourError(token.color)
      const light = { color: token.color, fontStyle: token.fontStyle }
      const dark = { color: darkColour, fontStyle: token.fontStyle }
      const flat = flatTokenVariants(
        { content: token.content, offset: token.offset, variants: { light, dark } },
        ['light', 'dark'],
        '--shiki-',
        false,
        'css-vars',
      )
      const style = stringifyTokenStyle(flat.htmlStyle ?? {})
      if (style) node.properties.style = style
      else delete node.properties.style
    },
  }
}
