/** Shared scales: the same in both themes so layouts never shift when the theme changes. */
const scales = {
  space: { 0: '0', 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '20px', 6: '24px', 8: '32px', 10: '40px', 12: '48px', 16: '64px' },
  radius: { sm: '6px', md: '8px', lg: '12px', xl: '16px', full: '9999px' },
  font: {
    sans: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSize: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', '2xl': '24px', '3xl': '30px' },
  fontWeight: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeight: { tight: 1.25, normal: 1.5 },
  breakpoint: { sm: '480px', md: '768px', lg: '1024px' },
  layout: { sidebarWidth: '248px', headerHeight: '56px', mobileBarHeight: '64px', contentMaxWidth: '1200px' },
  zIndex: { header: 20, mobileBar: 30, drawer: 40, toast: 50 },
  motion: { fast: '120ms', normal: '200ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
} as const;

/** One colour role per use. Every text/background pair below meets WCAG AA (4.5:1) in its theme. */
interface ThemeColors {
  bg: string;
  surface: string;
  surfaceRaised: string;
  surfaceHover: string;
  border: string;
  borderStrong: string;
  text: string;
  textMuted: string;
  textSubtle: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  primarySoft: string;
  primaryText: string;
  focusRing: string;
  success: string;
  successSoft: string;
  successText: string;
  warning: string;
  warningSoft: string;
  warningText: string;
  danger: string;
  dangerHover: string;
  /** Filled destructive buttons: white text on it meets AA in both themes. */
  dangerSolid: string;
  dangerSolidHover: string;
  dangerSoft: string;
  dangerText: string;
  info: string;
  infoSoft: string;
  infoText: string;
  neutralSoft: string;
  neutralText: string;
  track: string;
  skeleton: string;
  skeletonShine: string;
  overlay: string;
  shadow: string;
}

export type ThemeName = 'light' | 'dark';

const lightColors: ThemeColors = {
  bg: '#f7f7f8',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceHover: '#f1f1f3',
  border: '#e4e4e7',
  borderStrong: '#d4d4d8',
  text: '#18181b',
  textMuted: '#52525b',
  textSubtle: '#63636b',
  primary: '#4f46e5',
  primaryHover: '#4338ca',
  onPrimary: '#ffffff',
  primarySoft: '#eef2ff',
  primaryText: '#4338ca',
  focusRing: '#6366f1',
  success: '#16a34a',
  successSoft: '#dcfce7',
  successText: '#166534',
  warning: '#d97706',
  warningSoft: '#fef3c7',
  warningText: '#92400e',
  danger: '#dc2626',
  dangerHover: '#b91c1c',
  dangerSolid: '#dc2626',
  dangerSolidHover: '#b91c1c',
  dangerSoft: '#fee2e2',
  dangerText: '#b91c1c',
  info: '#2563eb',
  infoSoft: '#dbeafe',
  infoText: '#1e40af',
  neutralSoft: '#f4f4f5',
  neutralText: '#3f3f46',
  track: '#e4e4e7',
  skeleton: '#ececef',
  skeletonShine: '#f6f6f8',
  overlay: 'rgba(9, 9, 11, 0.45)',
  shadow: '0 1px 2px rgba(16, 24, 40, 0.05), 0 1px 3px rgba(16, 24, 40, 0.06)',
};

const darkColors: ThemeColors = {
  bg: '#09090b',
  surface: '#111113',
  surfaceRaised: '#18181b',
  surfaceHover: '#1f1f23',
  border: '#27272a',
  borderStrong: '#3f3f46',
  text: '#f4f4f5',
  textMuted: '#a1a1aa',
  textSubtle: '#9a9aa3',
  primary: '#4f46e5',
  primaryHover: '#5b54ea',
  onPrimary: '#ffffff',
  primarySoft: 'rgba(99, 102, 241, 0.16)',
  primaryText: '#a5b4fc',
  focusRing: '#818cf8',
  success: '#22c55e',
  successSoft: 'rgba(34, 197, 94, 0.14)',
  successText: '#86efac',
  warning: '#f59e0b',
  warningSoft: 'rgba(245, 158, 11, 0.14)',
  warningText: '#fcd34d',
  danger: '#ef4444',
  dangerHover: '#dc2626',
  dangerSolid: '#dc2626',
  dangerSolidHover: '#b91c1c',
  dangerSoft: 'rgba(239, 68, 68, 0.15)',
  dangerText: '#fca5a5',
  info: '#3b82f6',
  infoSoft: 'rgba(59, 130, 246, 0.15)',
  infoText: '#93c5fd',
  neutralSoft: 'rgba(161, 161, 170, 0.14)',
  neutralText: '#d4d4d8',
  track: '#27272a',
  skeleton: '#1c1c20',
  skeletonShine: '#26262b',
  overlay: 'rgba(0, 0, 0, 0.6)',
  shadow: '0 1px 2px rgba(0, 0, 0, 0.4), 0 1px 3px rgba(0, 0, 0, 0.3)',
};

function makeTheme(name: ThemeName, colors: ThemeColors) {
  return { name, colors, ...scales };
}

export type AppTheme = ReturnType<typeof makeTheme>;

export const themes: Record<ThemeName, AppTheme> = {
  light: makeTheme('light', lightColors),
  dark: makeTheme('dark', darkColors),
};

/** `@media` helpers so components share the same breakpoints. */
export const media = {
  mobile: `@media (max-width: ${parseInt(scales.breakpoint.md, 10) - 0.02}px)`,
  desktop: `@media (min-width: ${scales.breakpoint.md})`,
  small: `@media (max-width: ${scales.breakpoint.sm})`,
} as const;
