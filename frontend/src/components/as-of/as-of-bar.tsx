import styled from 'styled-components';
import { Button } from '../ui/button';
import { Input } from '../ui/field';
import { formatDate } from '../../lib/dates';
import type { AsOfView } from './as-of-view';
import { DayScrubber } from './day-scrubber';

const Root = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const DayLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};

  input {
    width: auto;
  }
`;

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.info};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.infoText};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

/**
 * The day a screen shows (docs/PRODUCT.md#as-of): the scrubber and a date field for the day, a date
 * field for the day to compare with, and while a past day shows, `As of {date}` with `Back to today`.
 */
export function AsOfBar({ view, label, className }: { view: AsOfView; label: string; className?: string }) {
  const { asOf, compare, days, setAsOf, setCompare } = view;
  const shown = asOf ?? days.last;
  return (
    <Root className={className} aria-label={`${label}: the day shown`}>
      <Controls>
        <DayScrubber label="Day shown" day={shown} days={days} onChange={setAsOf} />
        <DayLabel>
          As of
          <Input type="date" min={days.first} max={days.last} value={shown} required onChange={(event) => event.target.value && setAsOf(event.target.value)} />
        </DayLabel>
        <DayLabel>
          Compare with
          <Input type="date" min={days.first} max={shown} value={compare ?? ''} onChange={(event) => setCompare(event.target.value || null)} />
        </DayLabel>
        {compare === null ? null : (
          <Button size="sm" variant="secondary" onClick={() => setCompare(null)}>
            Stop comparing
          </Button>
        )}
      </Controls>
      {asOf === null ? null : (
        <Banner role="status">
          <span>
            As of {formatDate(asOf)}
            {compare === null ? '' : `, compared with ${formatDate(compare)}`} · read only
          </span>
          <Button size="sm" variant="primary" onClick={() => setAsOf(null)}>
            Back to today
          </Button>
        </Banner>
      )}
    </Root>
  );
}
