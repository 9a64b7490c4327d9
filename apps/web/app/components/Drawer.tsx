import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from '../lib/focus-trap';

interface DrawerProps {
  id?: string;
  /** id of the element that names the dialog. */
  labelledBy: string;
  side: 'left' | 'right';
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal side panel: role="dialog", focus moves in on open and back to the opener on close, Tab
 * and Shift+Tab stay inside, Escape closes. Render it only while open.
 */
export function Drawer({ id, labelledBy, side, onClose, children }: DrawerProps) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, onClose);

  return (
    <div
      ref={ref}
      id={id}
      className={`drawer drawer-${side}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      tabIndex={-1}
    >
      {children}
    </div>
  );
}
