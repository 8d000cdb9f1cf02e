import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  :root {
    color-scheme: ${({ theme }) => theme.name};
  }

  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    margin: 0;
    min-width: 320px;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.font.sans};
    font-size: ${({ theme }) => theme.fontSize.md};
    line-height: ${({ theme }) => theme.lineHeight.normal};
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, p {
    margin: 0;
  }

  a {
    color: ${({ theme }) => theme.colors.primaryText};
  }

  button, input, select, textarea {
    font: inherit;
    color: inherit;
  }

  /* Keyboard users always see where they are; mouse clicks stay quiet. */
  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }

  ::selection {
    background: ${({ theme }) => theme.colors.primarySoft};
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }

  /* react-toastify, restyled to the design system. */
  :root {
    --toastify-toast-width: 360px;
    --toastify-font-family: ${({ theme }) => theme.font.sans};
    --toastify-z-index: ${({ theme }) => theme.zIndex.toast};
    --toastify-toast-bd-radius: ${({ theme }) => theme.radius.lg};
    --toastify-toast-min-height: 56px;
    --toastify-color-light: ${({ theme }) => theme.colors.surfaceRaised};
    --toastify-text-color-light: ${({ theme }) => theme.colors.text};
    --toastify-color-dark: ${({ theme }) => theme.colors.surfaceRaised};
    --toastify-text-color-dark: ${({ theme }) => theme.colors.text};
    --toastify-color-progress-light: ${({ theme }) => theme.colors.primary};
    --toastify-color-progress-dark: ${({ theme }) => theme.colors.primary};
  }

  .Toastify__toast {
    border: 1px solid ${({ theme }) => theme.colors.border};
    box-shadow: 0 10px 30px rgba(0, 0, 0, ${({ theme }) => (theme.name === 'dark' ? 0.5 : 0.12)});
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
    font-size: ${({ theme }) => theme.fontSize.md};
  }

  .Toastify__toast.app-toast--destructive {
    border-color: ${({ theme }) => theme.colors.danger};
    border-left-width: 4px;
  }

  .Toastify__toast.app-toast--success {
    border-left: 4px solid ${({ theme }) => theme.colors.success};
  }

  .Toastify__toast.app-toast--warning {
    border-left: 4px solid ${({ theme }) => theme.colors.warning};
  }

  .Toastify__close-button {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }

  .Toastify__toast-container:focus-visible,
  .Toastify__toast:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;
