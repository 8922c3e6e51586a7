/**
 * The generic modal (docs/spec.md §2, WAI-ARIA modal dialog): shown by its open flag, closed by Escape, the
 * close button or a click on the overlay outside it; focus moves in, stays in and returns on close.
 */

import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box, Button } from '../../pixel';
import './modals.css';
import { useT } from '../../i18n/i18n';

interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  /** Extra class on the dialog, e.g. for a wider one. */
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function Modal({ open, onClose, title, children, className }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current!;
    const inside = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    (inside().find((element) => element.dataset.autofocus !== undefined) ?? inside()[0] ?? dialog).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      } else if (event.key === 'Tab') {
        const items = inside();
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return event.preventDefault();
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !dialog.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="modal-overlay" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal ${className ?? ''}`}
      >
        <Box className="modal-box">
          <div className="modal-head">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            <Button color="gray" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
              ✕
            </Button>
          </div>
          {/* Focusable, so a keyboard can scroll a body taller than the screen (the rules). */}
          <div className="modal-body" tabIndex={0}>
            {children}
          </div>
        </Box>
      </div>
    </div>,
    document.body,
  );
}
