import styled from 'styled-components';

/** What a missing value means ('No measure set'), set apart from real text; `$muted` is a shade darker. */
export const EmptyText = styled.span<{ $muted?: boolean }>`
  color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : theme.colors.textSubtle)};
  font-style: italic;
`;

/** The text, or what its absence means, when it is missing or blank. */
export function TextOr({ value, empty, muted }: { value: string | null | undefined; empty: string; muted?: boolean }) {
  return value && value.trim() !== '' ? <>{value}</> : <EmptyText $muted={muted}>{empty}</EmptyText>;
}
