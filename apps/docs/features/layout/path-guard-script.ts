/**
 * Runs in <head> before any island starts. A path that begins with `//` (`http://host//evil.example/`)
 * reads as another host once a script writes it back to the history (a tab choice or an SMS
 * provider goes into the query), which the browser refuses with an error that stops the script. The path is first rewritten to one leading slash, on the same
 * origin. Kept as a string because it must be inlined, not bundled.
 */
export const pathGuardScript = `(function(){var p=location.pathname;if(p.slice(0,2)==='//')history.replaceState(history.state,'',p.replace(/^\\/+/,'/')+location.search+location.hash)})()`
