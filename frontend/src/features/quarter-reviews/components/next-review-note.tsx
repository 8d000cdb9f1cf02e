import { nextReviewOpening, quarterLabel } from '@v2mom/contracts';
import styled from 'styled-components';
import { clock } from '../../../lib/clock';
import { dateWords, parseApiDate } from '../../../lib/dates';

const NextReview = styled.p`
  margin-bottom: ${({ theme }) => theme.space[6]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Between windows: 'Review Q3 FY2026 opens on Sat 17 Apr 2027, two weeks before the quarter ends.',
 * the day on the company's calendar (`timeZone`), from the server's now (lib/clock.ts).
 */
export function NextReviewNote({ timeZone }: { timeZone: string }) {
  const { quarter, opensOn } = nextReviewOpening(clock.now(), timeZone);
  const opening = parseApiDate(opensOn);
  if (!opening) return null;
  const { weekday, day } = dateWords(opening);
  return (
    <NextReview>
      Review {quarterLabel(quarter.quarter)} FY{quarter.year} opens on {weekday} {day}, two weeks before the quarter ends.
    </NextReview>
  );
}
