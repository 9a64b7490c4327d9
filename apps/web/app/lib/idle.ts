/** Work the page can do when the browser has nothing better to do. */

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `task` once the browser is idle (requestIdleCallback, or a timeout after load where it is
 * missing); answers a cancel. Never runs on the server.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const w = window as IdleWindow;
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(task, { timeout: 5_000 });
    return () => w.cancelIdleCallback?.(id);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = setTimeout(task, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Runs `task` in a task of its own after the next frame (an animation frame, then a timeout), so an
 * input's own work is painted before it; at once in a posted task where no frame is coming (a hidden
 * tab, no document). Answers a cancel.
 */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const post = () => {
    timer = setTimeout(task, 0);
  };
  const cancelTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
  };
  if (
    typeof requestAnimationFrame === 'function' &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible'
  ) {
    const frame = requestAnimationFrame(post);
    return () => {
      cancelAnimationFrame(frame);
      cancelTimer();
    };
  }
  post();
  return cancelTimer;
}
