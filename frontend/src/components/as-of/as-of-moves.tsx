import { WORK_STATUS_LABELS, type TAsOfMethod } from '@v2mom/contracts';
import styled from 'styled-components';
import { VisuallyHidden } from '../ui/visually-hidden';
import { formatDate } from '../../lib/dates';

const List = styled.ul`
  display: grid;
  gap: 2px;
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} 0 0`};
  border-top: 1px dashed ${({ theme }) => theme.colors.border};
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

type Tone = 'up' | 'down' | 'same';

const Move = styled.li<{ $tone: Tone }>`
  color: ${({ theme, $tone }) => ($tone === 'up' ? theme.colors.successText : $tone === 'down' ? theme.colors.dangerText : theme.colors.textMuted)};
  overflow-wrap: anywhere;
`;

const ARROWS: Record<Tone, string> = { up: '▲', down: '▼', same: '•' };

function Line({ tone, shown, spoken }: { tone: Tone; shown: string; spoken: string }) {
  return (
    <Move $tone={tone}>
      <span aria-hidden="true">
        {ARROWS[tone]} {shown}
      </span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </Move>
  );
}

/** The lines of what moved between the day compared with and the day shown, in words and arrows. */
function movesOf({ at, compared, newObstacles }: TAsOfMethod, since: string): Array<{ tone: Tone; shown: string; spoken: string }> {
  if (!compared) return [{ tone: 'same', shown: `New since ${formatDate(since)}`, spoken: `Created since ${formatDate(since)}` }];
  const moves: Array<{ tone: Tone; shown: string; spoken: string }> = [];
  if (at.progress !== compared.progress) {
    const rose = at.progress > compared.progress;
    const by = Math.abs(at.progress - compared.progress);
    moves.push({
      tone: rose ? 'up' : 'down',
      shown: `Progress ${compared.progress}% → ${at.progress}% (${rose ? '+' : '−'}${by})`,
      spoken: `Progress ${rose ? 'rose' : 'fell'} from ${compared.progress}% to ${at.progress}%`,
    });
  }
  if (at.status !== compared.status) {
    const before = WORK_STATUS_LABELS[compared.status];
    const after = WORK_STATUS_LABELS[at.status];
    const tone: Tone = at.status === 'at_risk' ? 'down' : compared.status === 'at_risk' || at.status === 'completed' ? 'up' : 'same';
    moves.push({ tone, shown: `${before} → ${after}`, spoken: `Status went from ${before} to ${after}` });
  }
  if (at.currentMeasure !== compared.currentMeasure) {
    const after = at.currentMeasure ?? 'Not measured';
    moves.push({ tone: 'same', shown: `Current: ${after}`, spoken: `Current measure changed from ${compared.currentMeasure ?? 'Not measured'} to ${after}` });
  }
  if (at.confidence !== compared.confidence && at.confidence !== null) {
    const rose = compared.confidence === null || at.confidence > compared.confidence;
    moves.push({
      tone: rose ? 'up' : 'down',
      shown: `Confidence ${compared.confidence ?? '–'} → ${at.confidence}`,
      spoken: `Confidence ${rose ? 'rose' : 'fell'} to ${at.confidence} of 10`,
    });
  }
  for (const obstacle of newObstacles) {
    moves.push({ tone: 'down', shown: `New obstacle: ${obstacle.description}`, spoken: `New obstacle: ${obstacle.description}` });
  }
  if (moves.length === 0) moves.push({ tone: 'same', shown: `No change since ${formatDate(since)}`, spoken: `No change since ${formatDate(since)}` });
  return moves;
}

/** A method's card, compared with an earlier day (docs/PRODUCT.md#as-of): what moved since. */
export function AsOfMoves({ method, since }: { method: TAsOfMethod; since: string }) {
  return (
    <List aria-label={`Since ${formatDate(since)}`} data-testid="as-of-moves">
      {movesOf(method, since).map((move) => (
        <Line key={move.shown} {...move} />
      ))}
    </List>
  );
}
