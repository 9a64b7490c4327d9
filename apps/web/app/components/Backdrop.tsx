import { ui, useUi } from '../state/ui';

/** The shared backdrop behind the five side overlays; a click closes them. */
export function Backdrop() {
  const on = useUi((s) => s.overlay);
  return on ? <div className="backdrop" aria-hidden="true" onClick={ui.closeAll} /> : null;
}
