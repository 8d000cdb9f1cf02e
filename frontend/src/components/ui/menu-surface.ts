import { css } from 'styled-components';

/** The raised card a menu draws over the page: its colours, edge and shadow. */
export const menuSurface = css`
  padding: ${({ theme }) => theme.space[1]};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: 0 12px 32px rgba(0, 0, 0, ${({ theme }) => (theme.name === 'dark' ? 0.5 : 0.14)});
`;

/** One choice of a menu: a full-width line that lights up under the pointer and the keyboard's focus. */
export const menuChoice = css`
  display: block;
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: left;
  white-space: nowrap;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceHover};
    outline: none;
  }
`;
