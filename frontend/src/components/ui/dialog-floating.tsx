import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId } from 'react';
import styled, { keyframes } from 'styled-components';
import { media } from '../../lib/theme/tokens';
import { Button } from './button';
import type { DialogProps, DialogSize } from './dialog';
import { CloseIcon } from './icons';


const widths: Record<DialogSize, string> = { sm: '420px', md: '540px', lg: '720px' };

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const rise = keyframes`
  from { opacity: 0; transform: translateY(8px) scale(0.98); }
  to { opacity: 1; transform: none; }
`;

const Overlay = styled(FloatingOverlay)`
  z-index: ${({ theme }) => theme.zIndex.drawer + 2};
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};

  ${media.small} {
    padding: ${({ theme }) => theme.space[2]};
    align-items: end;
  }
`;

const Panel = styled.div<{ $size: DialogSize }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $size }) => widths[$size]};
  max-height: calc(100dvh - 32px);
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.xl};
  box-shadow: 0 24px 60px rgba(0, 0, 0, ${({ theme }) => (theme.name === 'dark' ? 0.6 : 0.18)});
  animation: ${rise} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  outline: none;

  ${media.small} {
    max-height: calc(100dvh - 16px);
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[5]} ${theme.space[5]} ${theme.space[3]}`};
`;

const Titles = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

const Description = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[5]} ${theme.space[4]}`};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[5]}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  ${media.small} {
    & > * {
      flex: 1 1 auto;
    }
  }
`;

/** The open dialog (./dialog), with floating-ui, which loads with this module when a dialog first opens. */
export default function FloatingDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
  role = 'dialog',
  closeOnOutsidePress = true,
  hideCloseButton = false,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  // `setFloating` is a callback ref, not a ref object: reading it while rendering is what it is for.
  const {
    refs: { setFloating },
    context,
  } = useFloating({ open, onOpenChange });
  const dismiss = useDismiss(context, { outsidePress: closeOnOutsidePress, outsidePressEvent: 'mousedown' });
  const roleProps = useRole(context, { role });
  const { getFloatingProps } = useInteractions([dismiss, roleProps]);

  return (
    <FloatingPortal>
      <Overlay lockScroll>
        <FloatingFocusManager context={context} initialFocus={initialFocus === 'content' ? -1 : (initialFocus ?? 0)} returnFocus>
          <Panel
            ref={setFloating}
            $size={size}
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            aria-modal="true"
            {...getFloatingProps()}
          >
            <Header>
              <Titles>
                <Title id={titleId}>{title}</Title>
                {description ? <Description id={descriptionId}>{description}</Description> : null}
              </Titles>
              {hideCloseButton ? null : (
                <Button variant="ghost" size="sm" iconOnly aria-label="Close" onClick={() => onOpenChange(false)}>
                  <CloseIcon />
                </Button>
              )}
            </Header>
            {children ? <Body>{children}</Body> : null}
            {footer ? <Footer>{footer}</Footer> : null}
          </Panel>
        </FloatingFocusManager>
      </Overlay>
    </FloatingPortal>
  );
}
