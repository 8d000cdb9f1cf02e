import { workStatusTone, type TWorkStatus } from '@v2mom/contracts';
import type { DefaultTheme } from 'styled-components';

/** A work status's colour as a mark on a chart: the badge's family, in solid form, for the theme. */
export function workStatusColor(theme: DefaultTheme, status: TWorkStatus | null): string {
  const colors = theme.colors;
  if (status === null) return colors.textSubtle;
  return { grey: colors.textSubtle, blue: colors.info, green: colors.success, yellow: colors.warning, red: colors.danger }[workStatusTone(status)];
}
