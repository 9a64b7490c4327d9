import {
  Suspense,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { whenIdle } from '../../lib/idle';

/**
 * A part below the first screen (the footer, related products, reviews, the banners after the first
 * offers) whose server HTML stays as it is while the first screen hydrates, and is hydrated when it
 * comes near the screen, at a shopper's interaction inside it, or once the browser is idle after the
 * shopper's first interaction anywhere on the page, whichever is first.
 *
 * React's own mechanism: during hydration the part's Suspense boundary suspends on a gate, so React
 * leaves the server's HTML in place (a dehydrated boundary) and commits the rest; the gate opening
 * makes React hydrate it in its own time-sliced work. Nothing is hidden or rendered differently: the
 * server renders the part as before, the browser adopts the same nodes later. The part's code is
 * bundled as before (not loaded on demand), so the gate of the part an event targets opens
 * synchronously on its pointerdown, keydown, focus or click: React then hydrates that part before
 * dispatching the event (its selective hydration), and the event reaches the part's handlers.
 *
 * Outside the document's first hydration (a client navigation, a part mounted later, a client render
 * such as React's after a hydration error) the gate is open from the start and the part renders at
 * once, with no Suspense boundary of its own: there is no server HTML to keep, and in a client render
 * the boundary held back a lazy part elsewhere on the page (the product page's back-in-stock form
 * never showed in its component test).
 *
 * The empty `<template>` before the part is how the browser finds the part's elements to watch
 * (a dehydrated boundary has no ref); it is rendered by the server too and takes no room.
 *
 * `idle`: the part also hydrates at the browser's first idle moment after the page's hydration, for a
 * part on every page whose hydration would otherwise fall inside the shopper's first interaction (the
 * footer: a tap's press and release are two inputs, and the idle moment between them opened it).
 *
 * `opener` (useLaterPartOpener): a control outside the part that changes it, such as the listing bar's
 * "Filters" button and the phone's filter sheet, hidden until then. Its handler calls `opener.open()`
 * and then sets the state the part shows, in the same event: the part passes its new props to the
 * boundary once the gate is open, and React, given new props for a boundary it has not hydrated,
 * hydrates the boundary first at a higher lane (its selective hydration) and then renders the update,
 * both before the event's work ends. The press is not lost and no second one is needed, before or
 * after the page's own hydration.
 */
export function HydrateLater({
  list,
  ...part
}: LaterPartProps & {
  /**
   * What the part's children stand for (a listing's products under its filters). While the part waits for
   * its hydration, another list makes it a new part, rendered at once: a waiting part keeps the
   * children it had. Once its gate is open the part renders the new list in place, so the children
   * that stay keep their elements and a memoised one renders nothing (a new part made every card's
   * elements anew at a filter's tick, the same cards included).
   */
  list?: string;
}) {
  const gate = useRef<HydrationGate | null>(null);
  const [partKey, setPartKey] = useState(list);
  // React's way of keeping what earlier renders saw: the render is done again at once with the new key
  if (list !== partKey && !gate.current?.isOpen()) setPartKey(list);
  return <LaterPart key={partKey} {...part} gateOf={gate} />;
}

interface LaterPartProps {
  children: ReactNode;
  idle?: boolean;
  opener?: LaterPartOpener;
}

function LaterPart({
  children,
  idle = false,
  opener,
  gateOf,
}: LaterPartProps & { gateOf: { current: HydrationGate | null } }) {
  // the first render's: the part's shape must not change when React renders it again after the hydration
  const hydratingNow = useSyncExternalStore(subscribeToNothing, notHydrating, hydratingOrServer);
  const [hydrating] = useState(hydratingNow);
  const [gate] = useState(() => newGate(hydrating));
  gateOf.current = gate;
  // in the render, not an effect: a press can come before the page's effects have run
  opener?.attach(gate);
  const [hydrated, setHydrated] = useState(gate.isOpen);
  const marker = useRef<HTMLTemplateElement>(null);
  useEffect(() => {
    if (gate.isOpen()) return;
    const elements = marker.current ? boundaryElements(marker.current) : [];
    const stopFirstInteraction = onInteraction({
      open: gate.open,
      targets: (node) => elements.some((el) => el.contains(node)),
    });
    const stopNear = whenNearScreen(elements, gate.open);
    const stopIdle = idle ? whenIdle(gate.open) : () => {};
    return () => {
      stopFirstInteraction();
      stopNear();
      stopIdle();
    };
  }, [gate, idle]);
  // Until the part has hydrated its boundary gets the same element at every render while the gate is
  // shut: new props would make React give up the server's HTML and render the part anew (empty). Once
  // the gate is open, new props make React hydrate the part first, then render them (the opener's way).
  const first = useRef(children);
  const shown = hydrated || gate.isOpen() ? children : first.current;
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        <Gate gate={gate} onHydrated={setHydrated}>
          {shown}
        </Gate>
      </Suspense>
    ),
    [gate, shown],
  );
  return (
    <>
      <template ref={marker} data-hydrate-later="" />
      {hydrating ? boundary : children}
    </>
  );
}

/** An outside control's hold on a part that hydrates later: `open()` before the state the part shows changes. */
export interface LaterPartOpener {
  open: () => void;
  /** HydrateLater's: the part's gate */
  attach: (gate: HydrationGate) => void;
}

/** An opener for one HydrateLater part, made by the component that renders both the part and its control. */
export function useLaterPartOpener(): LaterPartOpener {
  const [opener] = useState(newOpener);
  return opener;
}

function newOpener(): LaterPartOpener {
  let gate: HydrationGate | null = null;
  let opened = false;
  return {
    open() {
      opened = true;
      gate?.open();
    },
    attach(g) {
      gate = g;
      if (opened) g.open();
    },
  };
}

/** How far below (or above) the screen a part starts hydrating: one screen's height. */
export const NEAR_SCREEN = '100% 0px';

interface HydrationGate {
  promise: Promise<void>;
  isOpen: () => boolean;
  open: () => void;
}

/**
 * React (and preact/compat) read the server snapshot in the server's render and in a hydration, the
 * client's in a client render: whether this render adopts server HTML.
 */
const subscribeToNothing = () => () => {};
const notHydrating = () => false;
const hydratingOrServer = () => true;

/**
 * Closed only in the browser's hydration of the server's document (`<html data-hydrated>` comes after
 * it), in a browser that can tell when the part nears the screen (IntersectionObserver).
 */
function newGate(hydrating: boolean): HydrationGate {
  const closed =
    hydrating &&
    typeof document !== 'undefined' &&
    typeof IntersectionObserver !== 'undefined' &&
    !document.documentElement.hasAttribute('data-hydrated');
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  let isOpen = false;
  const open = () => {
    if (isOpen) return;
    isOpen = true;
    // the fields React's `use` reads synchronously: in the same event, the targeted part hydrates
    // before the event is dispatched
    Object.assign(promise, { status: 'fulfilled', value: undefined });
    resolve();
  };
  if (!closed) open();
  return { promise, open, isOpen: () => isOpen };
}

function Gate({
  gate,
  onHydrated,
  children,
}: {
  gate: HydrationGate;
  onHydrated: (hydrated: true) => void;
  children: ReactNode;
}) {
  use(gate.promise);
  useEffect(() => onHydrated(true), [onHydrated]);
  return children;
}

/**
 * Events that mean a shopper is using the page. Caught on the window before React's own listeners:
 * the part the event is in opens at once (React hydrates it before dispatching the event to it);
 * the others once the browser is idle after it, so the interaction's own work is not joined by the
 * hydration of parts it did not touch (bench/interactions.ts measured a grade's click with the
 * product page's related products and reviews hydrating inside it).
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'popstate'] as const;

interface WaitingPart {
  open: () => void;
  /** whether the node is in the part's elements */
  targets: (node: Node) => boolean;
}

const waiting = new Set<WaitingPart>();
let stopIdle: (() => void) | null = null;

function onInteraction(part: WaitingPart): () => void {
  if (waiting.size === 0)
    for (const type of INTERACTIONS)
      window.addEventListener(type, interacted, { capture: true, passive: true });
  waiting.add(part);
  return () => {
    waiting.delete(part);
    if (waiting.size === 0) stopWaiting();
  };
}

function interacted(event: Event) {
  const target = event.target instanceof Node ? event.target : null;
  for (const part of [...waiting])
    if (target && part.targets(target)) {
      waiting.delete(part);
      part.open();
    }
  if (waiting.size === 0) stopWaiting();
  else stopIdle ??= whenIdle(openAll);
}

function openAll() {
  stopIdle = null;
  const all = [...waiting];
  stopWaiting();
  for (const part of all) part.open();
}

function stopWaiting() {
  waiting.clear();
  stopIdle?.();
  stopIdle = null;
  for (const type of INTERACTIONS) window.removeEventListener(type, interacted, { capture: true });
}

/** Watches the part's elements (boundaryElements) until one comes within NEAR_SCREEN of the screen. */
function whenNearScreen(elements: Element[], open: () => void): () => void {
  if (elements.length === 0) {
    open();
    return () => {};
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      open();
    },
    { rootMargin: NEAR_SCREEN },
  );
  for (const el of elements) io.observe(el);
  return () => io.disconnect();
}

/** The elements between the marker's Suspense boundary comments (`<!--$-->` … `<!--/$-->`, or `$s` … `/$s`). */
function boundaryElements(marker: Element): Element[] {
  const start = marker.nextSibling;
  if (!(start instanceof Comment) || !start.data.startsWith('$')) return [];
  const found: Element[] = [];
  let depth = 0;
  for (let n = start.nextSibling; n; n = n.nextSibling) {
    if (n instanceof Comment) {
      if (n.data.startsWith('$')) depth++;
      // `/$s`: the Preact build's hydration renames the part's markers to its own (hydrate-document.preact.tsx)
      else if (n.data.startsWith('/$')) {
        if (depth === 0) break;
        depth--;
      }
    } else if (n instanceof Element) found.push(n);
  }
  return found;
}
