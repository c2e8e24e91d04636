/**
 * Runs in <head> before the first paint so the page never flashes the wrong theme.
 * Kept as a string because it must be inlined, not bundled.
 */
export const THEME_STORAGE_KEY = 'docs.theme'

export const themeScript = `(function(){try{var c=localStorage.getItem('${THEME_STORAGE_KEY}');if(c!=='light'&&c!=='dark')c='system';var d=c==='dark'||(c==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.dataset.themeChoice=c;e.style.colorScheme=d?'dark':'light'}catch(_){}})()`
