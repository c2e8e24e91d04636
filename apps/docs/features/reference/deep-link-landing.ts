/**
 * A section URL (`/reference/cli/supabase-db-push`) or a `#fragment` first paints at its place,
 * never at the top of the long page. Two inline scripts of the long page do it, long before the
 * page script starts:
 *
 * - `landingStartScript`, before the page's layout: when the URL names a place, it marks the
 *   document (`data-ref-landing`), and reference.css keeps the layout hidden meanwhile (the site
 *   header still paints);
 * - `landingPlaceScript`, right after the layout, once every section is parsed: it lays out the
 *   sections around the target at their real height, scrolls the target to the top, marks and
 *   centres its menu item, checks over the next frames that it stays (placing it again if not),
 *   and shows the layout.
 *
 * Kept as strings because they must be inlined, not bundled. Each ends the hiding on any error,
 * and the page script ends it too (`endLanding`), so the page never stays hidden.
 */
import { REF_ATTR } from './dom-contract'

export const LANDING_ATTRIBUTE = 'data-ref-landing'

/** Frames to wait after a placement before checking that it held (layout settles in between). */
const SETTLE_FRAMES = 2
/** Placements at most before the layout is shown anyway. */
const MAX_PLACEMENTS = 4
/** Shows the layout even if no frame comes (a page opened in the background gets none). */
const FALLBACK_MS = 3000
/**
 * How far around the target, in window heights, sections are laid out at their real height:
 * beyond the one and a half windows around the view within which Chromium lays them out itself.
 */
const NEAR_SCREENS = 2
const TOP_SECTION = `.ref-article > [${REF_ATTR.section}]`
/** On the sections laid out for real around the target, until the reader first moves (keep-view.ts). */
export const NEAR_CLASS = 'ref-near'
/** On the target's section while its example column, which the page loads, is still to come. */
export const TARGET_CLASS = 'ref-target'
/**
 * Set while the target's example column loads: what follows the section stays hidden meanwhile, so
 * the column's arrival pushes nothing the reader sees down (a layout shift). Hidden content that
 * moves is no shift, and it appears once in its final place (`releaseHold`). The reader's first
 * wheel, touch or key shows it at once, and reference.css after a few seconds whatever happens.
 */
export const HOLDING_ATTRIBUTE = 'data-ref-holding'

/** Marks the document when the URL names a section of the page at `basePath`, or a fragment. */
export function landingStartScript(basePath: string): string {
  return `(function(){try{var b=${JSON.stringify(basePath)},p=location.pathname.replace(/\\/+$/,'');if(location.hash.length>1||(p.indexOf(b+'/')===0&&p.indexOf('/',b.length+1)<0)){document.documentElement.setAttribute('${LANDING_ATTRIBUTE}','');history.scrollRestoration='manual'}}catch(e){}})()`
}

/**
 * Puts the named place at the top, centres its menu item, then shows the layout. Sections far from
 * the view are laid out at a placeholder height (`content-visibility: auto`) and take their real
 * height a frame or more after they near it; were that to happen above the target after the layout
 * shows, the target would move. So the sections around it, two windows each way, are laid out
 * for real first (`NEAR_CLASS`), and the target is placed among sections of their final height.
 */
export const landingPlaceScript = `(function(){var d=document,e=d.documentElement,A='${LANDING_ATTRIBUTE}';if(!e.hasAttribute(A))return;var end=function(){e.removeAttribute(A)};try{var dec=function(s){try{return decodeURIComponent(s)}catch(x){return s}};var t=location.hash.length>1?d.getElementById(dec(location.hash.slice(1))):null;if(!t){var c=d.getElementById(dec(location.pathname.replace(/\\/+$/,'').split('/').pop()));if(c&&c.hasAttribute('${REF_ATTR.section}'))t=c}if(!t){end();return}var o=t.closest('${TOP_SECTION}');if(o){var w=innerHeight*${NEAR_SCREENS},near=function(x,k){for(var h=0;x&&h<w;x=x[k]){x.classList.add('${NEAR_CLASS}');h+=x.getBoundingClientRect().height}};o.classList.add('${NEAR_CLASS}');near(o.previousElementSibling,'previousElementSibling');near(o.nextElementSibling,'nextElementSibling');if(o.querySelector('[${REF_ATTR.lazy}]')){o.classList.add('${TARGET_CLASS}');e.setAttribute('${HOLDING_ATTRIBUTE}','');['wheel','touchmove','keydown'].forEach(function(k){addEventListener(k,function(){e.removeAttribute('${HOLDING_ATTRIBUTE}')},{once:true,passive:true})})}}var s=t.closest('[${REF_ATTR.section}]'),m=d.querySelector('[${REF_ATTR.menu}]'),a=null;if(s&&m)m.querySelectorAll('a[data-slug]').forEach(function(l){if(l.getAttribute('data-slug')===s.id)a=l});if(a){a.setAttribute('aria-current','location');if(m.offsetParent){var r=m.getBoundingClientRect(),q=a.getBoundingClientRect(),b=Math.min(r.bottom,innerHeight);m.scrollTop+=q.top-r.top-(b-r.top-q.height)/2}}var place=function(){t.scrollIntoView({block:'start',behavior:'instant'});return t.getBoundingClientRect().top};var top=place(),n=1,f=0;var tick=function(){if(++f<${SETTLE_FRAMES}){requestAnimationFrame(tick);return}f=0;if(Math.abs(t.getBoundingClientRect().top-top)<1||n>=${MAX_PLACEMENTS}){end();return}top=place();n++;requestAnimationFrame(tick)};if(d.visibilityState==='hidden'){end();return}requestAnimationFrame(tick);setTimeout(end,${FALLBACK_MS})}catch(x){end()}})()`

/** The page script's safety net: whatever happened, the layout shows once it runs. */
export function endLanding(): void {
  document.documentElement.removeAttribute(LANDING_ATTRIBUTE)
}

/** The target's section, while what follows it waits for its example column. */
export function heldSection(): HTMLElement | null {
  return document.documentElement.hasAttribute(HOLDING_ATTRIBUTE)
    ? document.querySelector<HTMLElement>(`.${TARGET_CLASS}`)
    : null
}

/** Shows what follows the target's section: its example column is in (or failed to load). */
export function releaseHold(): void {
  document.documentElement.removeAttribute(HOLDING_ATTRIBUTE)
}
