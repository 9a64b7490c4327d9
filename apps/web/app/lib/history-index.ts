/**
 * React Router's browser history numbers the document's entries in `history.state.idx`. On a
 * document's first load there is no number yet, and React Router writes 0 with
 * `history.replaceState` while it creates its router, inside the hydration's one unit of work React
 * cannot slice. That call waits on the browser process: 0.6–1 ms of the main thread's wall time on
 * a quiet machine, 8–30 ms in loads where the browser was busy fetching the page's modules, all of it
 * added to the router's task, which Lighthouse's simulation then multiplies. Written by this script
 * in the head, before the first paint, the router finds the number and writes nothing.
 *
 * The value is React Router's own (createBrowserHistory: `{ ...history.state, idx: 0 }`); a document
 * that has a number already (a reload, back and forward) is left as it is.
 */
export const HISTORY_INDEX_SCRIPT = `try{var s=history.state;if(!s||s.idx==null)history.replaceState(Object.assign({},s,{idx:0}),"")}catch(e){}`;
