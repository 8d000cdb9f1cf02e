import { useEffect, useState } from 'react';
import { ToastContainer, toast, type ToastPosition, type TypeOptions } from 'react-toastify';
import styled from 'styled-components';
import { swipeThresholdPercent, type ToastSpec, type ToastVariant } from './toast';

/**
 * react-toastify and the toast's look (docs/PRODUCT.md#shell), a chunk of their own that lib/toast.tsx
 * loads with the first toast: no screen's first view downloads them.
 */

/** docs/PRODUCT.md#shell: one toast at a time, 5 s, swipe right 50 px to dismiss, F8 to reach it. */
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;

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
export function showToast({ title, message, variant = 'default' }: ToastSpec): void {
  toast.dismiss();
  toast.clearWaitingQueue();
  toast(<ToastBody title={title} message={message} />, {
    role: variant === 'destructive' ? 'alert' : 'status',
    className: `app-toast--${variant}`,
    type: TOAST_TYPES[variant],
    icon: false,
  });
}

/** Drops the toasts held for a container that is not on screen (react-toastify shows them when one comes). */
export function dropWaitingToasts(): void {
  toast.dismiss();
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

export default function Toaster({ theme }: { theme: 'light' | 'dark' }) {
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
