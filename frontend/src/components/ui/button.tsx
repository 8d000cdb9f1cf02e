import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Spinner } from './spinner';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
  $iconOnly: boolean;
}

/** Each size's height: a place that keeps room for a button that comes later keeps this much. */
export const BUTTON_HEIGHTS: Record<ButtonSize, string> = { sm: '32px', md: '36px', lg: '44px' };

const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  height: ${({ $size }) => BUTTON_HEIGHTS[$size]};
  min-width: ${({ $size, $iconOnly }) => ($iconOnly ? BUTTON_HEIGHTS[$size] : 'auto')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  padding: ${({ theme, $size, $iconOnly }) => ($iconOnly ? '0' : $size === 'sm' ? `0 ${theme.space[3]}` : `0 ${theme.space[4]}`)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font-size: ${({ theme, $size }) => ($size === 'lg' ? theme.fontSize.lg : theme.fontSize.md)};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: 1;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  user-select: none;
  transition:
    background-color ${({ theme }) => theme.motion.fast} ${({ theme }) => theme.motion.easing},
    border-color ${({ theme }) => theme.motion.fast} ${({ theme }) => theme.motion.easing},
    color ${({ theme }) => theme.motion.fast} ${({ theme }) => theme.motion.easing},
    box-shadow ${({ theme }) => theme.motion.fast} ${({ theme }) => theme.motion.easing};

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }

  ${({ theme, $variant }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
          box-shadow: ${c.shadow};
          &:hover:not(:disabled) { background: ${c.primaryHover}; }
        `;
      case 'secondary':
        return css`
          background: ${c.surface};
          color: ${c.text};
          border-color: ${c.borderStrong};
          box-shadow: ${c.shadow};
          &:hover:not(:disabled) { background: ${c.surfaceHover}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${c.textMuted};
          &:hover:not(:disabled) { background: ${c.surfaceHover}; color: ${c.text}; }
        `;
      case 'danger':
        return css`
          background: ${c.dangerSolid};
          color: #ffffff;
          box-shadow: ${c.shadow};
          &:hover:not(:disabled) { background: ${c.dangerSolidHover}; }
        `;
    }
  }}
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Icon-only buttons must still carry an accessible name (aria-label). */
  iconOnly?: boolean;
  leadingIcon?: ReactNode;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, CommonProps {
  /** Shows a spinner and blocks clicks; pass the pending label ('Saving...') as children. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  fullWidth = false,
  iconOnly = false,
  loading = false,
  leadingIcon,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      $iconOnly={iconOnly}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={14} /> : leadingIcon}
      {children}
    </StyledButton>
  );
}

export interface LinkButtonProps extends LinkProps, CommonProps {}

/** A navigation link that looks like a button (it is still a link for assistive technology). */
export function LinkButton({
  variant = 'secondary',
  size = 'md',
  fullWidth = false,
  iconOnly = false,
  leadingIcon,
  children,
  ...rest
}: LinkButtonProps) {
  return (
    <StyledLink $variant={variant} $size={size} $fullWidth={fullWidth} $iconOnly={iconOnly} {...rest}>
      {leadingIcon}
      {children}
    </StyledLink>
  );
}
