import { useEffect, useState } from 'react';
import { ToastContainer, toast, type ToastPosition, type TypeOptions } from 'react-toastify';
import styled from 'styled-components';

type ToastVariant = 'default' | 'success' | 'warning' | 'destructive';

/** Toasts are a title, optionally with a message below it ('Title' / 'Message'). */
export interface ToastSpec {
  title: string;
  message?: string;
  variant?: ToastVariant;
}

/** docs/PRODUCT.md#shell: one toast at a time, 5 s, swipe right 50 px to dismiss, F8 to reach it. */
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
export const SWIPE_DISMISS_PX = 50;
const TOAST_WIDTH_PX = 360; // --toastify-toast-width in the global style
const FULL_WIDTH_TOASTS_BELOW_PX = 480; // react-toastify's own breakpoint: toasts span the viewport

/**
 * react-toastify measures its swipe threshold as a percentage of the toast's width, so the
 * 50 px swipe becomes 50 / width: 13.9 % of a 360 px toast, 13.9 % of a 360 px-wide phone.
 */
export function swipeThresholdPercent(viewportWidth: number): number {
  const toastWidth = viewportWidth <= FULL_WIDTH_TOASTS_BELOW_PX ? viewportWidth : TOAST_WIDTH_PX;
  return Math.min(100, (SWIPE_DISMISS_PX / Math.max(toastWidth, 1)) * 100);
}

const isToastHotKey = (event: KeyboardEvent) => event.key === 'F8';

const Title = styled.p`
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  color: ${({ theme }) => theme.colors.text};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

const Message = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function ToastBody({ title, message }: { title: string; message?: string }) {
  return (
    <div>
      <Title>{title}</Title>
      {message ? <Message>{message}</Message> : null}
    </div>
  );
}

const TOAST_TYPES = { default: 'default', success: 'success', warning: 'warning', destructive: 'error' } as const satisfies Record<ToastVariant, TypeOptions>;

/** Shows a toast, replacing the one on screen (at most one shows, the newest). */
export function notify({ title, message, variant = 'default' }: ToastSpec): void {
  toast.dismiss();
  toast.clearWaitingQueue();
  toast(<ToastBody title={title} message={message} />, {
    role: variant === 'destructive' ? 'alert' : 'status',
    className: `app-toast--${variant}`,
    type: TOAST_TYPES[variant],
    icon: false,
  });
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export function AppToaster({ theme }: { theme: 'light' | 'dark' }) {
  const viewportWidth = useViewportWidth();
  const position: ToastPosition = viewportWidth < 768 ? 'top-center' : 'bottom-right';
  return (
    <ToastContainer
      aria-label="Notifications (F8)"
      hotKeys={isToastHotKey}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      draggable
      draggableDirection="x"
      draggablePercent={swipeThresholdPercent(viewportWidth)}
      position={position}
      theme={theme}
      hideProgressBar
      closeOnClick={false}
      pauseOnHover
      newestOnTop
    />
  );
}
