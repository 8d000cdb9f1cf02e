import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { ThemeName } from './tokens';

export const THEME_STORAGE_KEY = 'v2mom-theme';
const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
const DEFAULT_THEME_PREFERENCE: ThemePreference = 'light';

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/**
 * The stored word. A JSON-quoted one ('"dark"', as generic storage helpers write it) counts too,
 * so such a value never silently shows the light theme to someone who chose dark.
 */
function parseThemePreference(stored: string | null | undefined): ThemePreference | undefined {
  if (isThemePreference(stored)) return stored;
  const unquoted = stored?.match(/^"(\w+)"$/)?.[1];
  return isThemePreference(unquoted) ? unquoted : undefined;
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode): the theme still works for the session
  }
}

/**
 * Stores the bare word (`dark`, not `"dark"`), as the key (docs/PRODUCT.md#shell) is read by
 * people and tests; anything unreadable falls back to the default. Other tabs' changes arrive
 * via `storage` events.
 */
const themeStorage = {
  getItem: (key: string, initialValue: ThemePreference): ThemePreference => {
    return parseThemePreference(localStore()?.getItem(key)) ?? initialValue;
  },
  setItem: (key: string, value: ThemePreference) => localStore()?.setItem(key, value),
  removeItem: (key: string) => localStore()?.removeItem(key),
  subscribe: (key: string, callback: (value: ThemePreference) => void, initialValue: ThemePreference) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      callback(parseThemePreference(event.newValue) ?? initialValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

export const themePreferenceAtom = atomWithStorage<ThemePreference>(
  THEME_STORAGE_KEY,
  DEFAULT_THEME_PREFERENCE,
  themeStorage,
  { getOnInit: true },
);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The operating system's colour scheme, followed live while anything reads it. */
export const systemPrefersDarkAtom = atom(systemPrefersDark());
systemPrefersDarkAtom.onMount = (set) => {
  if (typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia(DARK_QUERY);
  const onChange = () => set(query.matches);
  onChange();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ThemeName {
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}

export const resolvedThemeAtom = atom<ThemeName>((get) =>
  resolveTheme(get(themePreferenceAtom), get(systemPrefersDarkAtom)),
);
