import { workStatusLabel, workStatusTone, type TBadgeTone, type TWorkStatus } from '@v2mom/contracts';
import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

export type BadgeTone = 'neutral' | 'primary' | 'info' | 'success' | 'warning' | 'danger';

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  height: 22px;
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.full};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: 1;
  white-space: nowrap;
  ${({ theme, $tone }) => {
    const c = theme.colors;
    const [bg, fg] = {
      neutral: [c.neutralSoft, c.neutralText],
      primary: [c.primarySoft, c.primaryText],
      info: [c.infoSoft, c.infoText],
      success: [c.successSoft, c.successText],
      warning: [c.warningSoft, c.warningText],
      danger: [c.dangerSoft, c.dangerText],
    }[$tone];
    return `background: ${bg}; color: ${fg};`;
  }}
`;

const Dot = styled.span`
  width: 6px;
  height: 6px;
  border-radius: 50%;
  background: currentColor;
`;

/** A pill of `tone`; other attributes (a role and name, a title, a class from `styled(Badge)`) go to the pill. */
export function Badge({ tone = 'neutral', dot = false, children, ...attributes }: { tone?: BadgeTone; dot?: boolean; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <Pill $tone={tone} {...attributes}>
      {dot ? <Dot aria-hidden="true" /> : null}
      {children}
    </Pill>
  );
}

/** Maps the contracts' colour families (grey, blue, green, yellow, red) to badge tones. */
export function badgeToneOf(tone: TBadgeTone): BadgeTone {
  return ({ grey: 'neutral', blue: 'info', green: 'success', yellow: 'warning', red: 'danger' } as const)[tone];
}

/** A method's or task's status as a dotted badge ('In Progress'). */
export function WorkStatusBadge({ status, dot = true }: { status: TWorkStatus; dot?: boolean }) {
  return (
    <Badge tone={badgeToneOf(workStatusTone(status))} dot={dot}>
      {workStatusLabel(status)}
    </Badge>
  );
}
