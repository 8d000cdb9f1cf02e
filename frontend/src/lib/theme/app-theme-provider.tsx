import { useAtomValue } from 'jotai';
import { useLayoutEffect, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { resolvedThemeAtom } from './theme-atoms';
import { themes } from './tokens';

/** Applies the resolved theme to styled-components and to `<html data-theme>` (for CSS and tests). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const themeName = useAtomValue(resolvedThemeAtom);

  useLayoutEffect(() => {
    document.documentElement.dataset.theme = themeName;
  }, [themeName]);

  return (
    <ThemeProvider theme={themes[themeName]}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
