import { lazy, Suspense, type ReactNode, type RefObject } from 'react';

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned (stacked full width on phones). */
  footer?: ReactNode;
  size?: DialogSize;
  /**
   * Element focused on open; defaults to the first tabbable element. `'content'`: the dialog moves
   * no focus, its content focuses what it was opened for once that shows (a linked comment), which
   * the dialog's own focus, a frame later on a busy machine, would otherwise take away.
   */
  initialFocus?: RefObject<HTMLElement | null> | 'content';
  /** `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Clicking the backdrop closes the dialog (default true; Escape always closes). */
  closeOnOutsidePress?: boolean;
  /** Hide the top-right close button (Escape still closes). */
  hideCloseButton?: boolean;
}

/** The open dialog and floating-ui load when a dialog first opens: a screen's first view shows none. */
const FloatingDialog = lazy(() => import('./dialog-floating'));

/**
 * A modal dialog: portal, dimmed backdrop, focus trapped inside and returned on close,
 * Escape and backdrop click close it, page scroll locked. Generic: callers give title,
 * description, body and footer.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <FloatingDialog {...props} />
    </Suspense>
  );
}
