/**
 * In-page links scroll smoothly, but only once the page has loaded. With `scroll-behavior: smooth`
 * from the start, the browser animates its own jump to a URL's `#fragment` while the page loads;
 * on a long reference page the animation then ends where the fragment was before the page above
 * it took its final height, after the page's script had already put the fragment in view.
 */
export const SMOOTH_SCROLL_ATTRIBUTE = 'data-smooth-scroll'

export const smoothScrollScript = `addEventListener('load',function(){setTimeout(function(){document.documentElement.setAttribute('${SMOOTH_SCROLL_ATTRIBUTE}','')})})`
