/**
 * React Router marks the document's history entry twice on a first load: `<ScrollRestoration>`'s
 * inline script writes a random `key` with `history.replaceState({ key })` (dropping any other
 * state), and its browser history then writes the entry's number (`idx`) with a second
 * `history.replaceState({ ...state, idx: 0 })` while it creates its router, inside the hydration's
 * one unit of work React cannot slice. Each call waits on the browser process: under a millisecond
 * on a quiet machine, 5–30 ms in loads where the browser was busy fetching the page's modules, all of
 * it added to the router's task, which Lighthouse's simulation then multiplies.
 *
 * This script, in the head before the first paint, writes both in one call, as React Router would
 * (a key of the same form, the index 0); both of React Router's checks then find them and write
 * nothing. A document that has them already (a reload, back and forward) is left as it is.
 */
export const HISTORY_INDEX_SCRIPT = `try{var s=history.state;if(!s||!s.key||s.idx==null)history.replaceState(Object.assign({},s,{key:s&&s.key||Math.random().toString(32).slice(2),idx:s&&s.idx!=null?s.idx:0}),"")}catch(e){}`;
