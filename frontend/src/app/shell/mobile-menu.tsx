import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { Button } from '../../components/ui/button';
import { BrandMark } from '../../components/ui/brand-mark';
import { CloseIcon } from '../../components/ui/icons';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const slideIn = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} ${({ theme }) => theme.motion.normal} ease-out;
`;

const Panel = styled.div`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: min(300px, 86vw);
  padding: ${({ theme }) => theme.space[4]};
  padding-bottom: calc(${({ theme }) => theme.space[4]} + env(safe-area-inset-bottom));
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 20px 50px rgba(0, 0, 0, 0.25);
  overflow-y: auto;
  animation: ${slideIn} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Brand = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Nav = styled.nav`
  flex: 1;
`;

export interface MobileMenuProps {
  onClose: () => void;
  /** The shell's link list, closing the drawer when a link is followed. */
  nav: ReactNode;
  /** The shell's user block. */
  userBlock: ReactNode;
}

/**
 * The hamburger's drawer: the full link list. Closes on Escape, on the backdrop and (from the
 * shell) on navigation; focus moves in on open, and the shell returns it to the hamburger.
 */
export function MobileMenu({ onClose, nav, userBlock }: MobileMenuProps) {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  return createPortal(
    <>
      <Backdrop onClick={onClose} aria-hidden="true" />
      <Panel role="dialog" aria-modal="true" aria-label="Menu" id="mobile-menu">
        <Top>
          <Brand>
            <BrandMark size={26} />
            V2MOM Tracker
          </Brand>
          <Button ref={closeRef} variant="ghost" iconOnly aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </Button>
        </Top>
        <Nav aria-label="Menu navigation">{nav}</Nav>
        {userBlock}
      </Panel>
    </>,
    document.body,
  );
}
