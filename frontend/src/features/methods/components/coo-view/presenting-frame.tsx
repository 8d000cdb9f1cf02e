import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Frame = styled.dialog`
  /* The whole screen, above the shell: no sidebar, no header, nothing behind it reachable. */
  position: fixed;
  inset: 0;
  width: 100vw;
  max-width: none;
  height: 100vh;
  height: 100dvh;
  max-height: none;
  margin: 0;
  padding: 0;
  border: 0;
  overflow: auto;
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};

  &::backdrop {
    background: ${({ theme }) => theme.colors.bg};
  }
`;

export interface PresentingFrameProps {
  label: string;
  onExit: () => void;
  children: ReactNode;
}

/**
 * Presenting mode's frame: a modal dialog covering the screen (Esc leaves it), inside the
 * browser's full screen when it allows one. The Fullscreen API needs the user's gesture, so the
 * caller asks for it (`enterFullscreen`) in the click or key handler that starts presenting.
 */
export function PresentingFrame({ label, onExit, children }: PresentingFrameProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const exit = useRef(onExit);
  useEffect(() => {
    exit.current = onExit;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Whether this frame has been in full screen: a change that only completes the previous frame's
    // exit (presenting left and started again at once) must not end this one.
    let inFullscreen = false;
    const onFullscreenChange = () => {
      if (!document.fullscreenElement) {
        // Leaving the browser's full screen (Esc there never reaches the page) leaves presenting too.
        if (inFullscreen) exit.current();
      } else if (dialog?.open) {
        inFullscreen = true;
        // The full-screen element joined the top layer after the dialog: open it again above it.
        dialog.close();
        dialog.showModal();
      }
    };
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      dialog?.close();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  return (
    <Frame
      ref={ref}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        exit.current();
      }}
    >
      {children}
    </Frame>
  );
}

/** Asks for the browser's full screen; refused or unsupported, presenting mode still fills the window. */
export function enterFullscreen(): void {
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== 'function') return;
  void root.requestFullscreen().catch(() => undefined);
}
