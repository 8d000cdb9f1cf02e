import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeSelect } from '../../components/ui/theme-select';
import { AppThemeProvider } from './app-theme-provider';
import {
  THEME_STORAGE_KEY,
  resolveTheme,
  resolvedThemeAtom,
  systemPrefersDarkAtom,
  themePreferenceAtom,
} from './theme-atoms';

/** A controllable `prefers-color-scheme: dark` media query. */
function stubSystemScheme(initiallyDark: boolean) {
  let matches = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && matches;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    setDark(dark: boolean) {
      matches = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('the theme preference', () => {
  it('defaults to light with nothing stored', () => {
    const store = createStore();
    expect(store.get(themePreferenceAtom)).toBe('light');
    expect(store.get(resolvedThemeAtom)).toBe('light');
  });

  it('reads the stored choice once in use', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const store = createStore();
    const unsubscribe = store.sub(resolvedThemeAtom, () => {});
    expect(store.get(themePreferenceAtom)).toBe('dark');
    expect(store.get(resolvedThemeAtom)).toBe('dark');
    unsubscribe();
  });

  it('ignores an unreadable stored value', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, '"sepia"');
    const store = createStore();
    const unsubscribe = store.sub(themePreferenceAtom, () => {});
    expect(store.get(themePreferenceAtom)).toBe('light');
    unsubscribe();
  });

  it('reads a JSON-quoted word as that word', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, '"dark"');
    const store = createStore();
    const unsubscribe = store.sub(resolvedThemeAtom, () => {});
    expect(store.get(resolvedThemeAtom)).toBe('dark');
    unsubscribe();
  });

  it('stores the bare word under v2mom-theme', () => {
    const store = createStore();
    store.set(themePreferenceAtom, 'system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('resolves system to the operating system scheme', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the operating system live while on system', () => {
    const scheme = stubSystemScheme(false);
    const store = createStore();
    store.set(themePreferenceAtom, 'system');
    const unsubscribe = store.sub(systemPrefersDarkAtom, () => {});
    expect(store.get(resolvedThemeAtom)).toBe('light');
    scheme.setDark(true);
    expect(store.get(resolvedThemeAtom)).toBe('dark');
    unsubscribe();
  });
});

describe('the Theme select', () => {
  it('offers Light, Dark and System and applies the choice to <html data-theme>', async () => {
    stubSystemScheme(true);
    const user = userEvent.setup();
    render(
      <Provider store={createStore()}>
        <AppThemeProvider>
          <ThemeSelect />
        </AppThemeProvider>
      </Provider>,
    );
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(select).toHaveValue('light');
    expect(screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('value')])).toEqual([
      ['Light', 'light'],
      ['Dark', 'dark'],
      ['System', 'system'],
    ]);
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.selectOptions(select, 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.selectOptions(select, 'system');
    await act(async () => {}); // the system query's subscription mounts
    expect(document.documentElement.dataset.theme).toBe('dark'); // the stubbed OS prefers dark
  });
});
