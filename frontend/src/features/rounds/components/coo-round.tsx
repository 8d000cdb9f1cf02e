import { fiscalQuarterOf, fiscalYearOf, pathTo, type TRound } from '@v2mom/contracts';
import { Suspense, useState, type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { clock } from '../../../lib/clock';
import { formatDateTime } from '../../../lib/dates';
import { preloadable } from '../../../lib/preloadable';
import { useActiveRound } from '../api/get-active-round';
import { usePastRounds } from '../api/get-past-rounds';
import { useEndRound } from '../api/end-round';
import { useMoveRound } from '../api/move-round';
import { useStartRound } from '../api/start-round';
import type { RoundPanel as LoadedRoundPanel } from './round-panel';

// Most of the time no round runs: its panel loads with the first round shown, or as Start is
// pointed at or focused (docs/PERFORMANCE.md, "What a first visit downloads").
const RoundPanel = preloadable<ComponentProps<typeof LoadedRoundPanel>>(() => import('./round-panel').then(({ RoundPanel }) => ({ default: RoundPanel })));
const preloadPanel = () => void RoundPanel.preload();

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5em;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75em;
`;

const Past = styled.details`
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  ul {
    margin: 0.5em 0 0;
    padding-left: 1.25em;
  }
`;

/** The presenter's Back, Skip and End, each from the round's version as shown. */
function PresenterControls({ round }: { round: TRound }) {
  const move = useMoveRound();
  const end = useEndRound();
  const busy = move.isPending || end.isPending;
  const last = round.position >= round.departments.length - 1;
  return (
    <Controls>
      <Button size="sm" variant="secondary" disabled={busy || round.position === 0} onClick={() => move.mutate({ id: round.id, body: { to: 'back', version: round.version } })}>
        Back
      </Button>
      <Button size="sm" variant="secondary" disabled={busy || last} onClick={() => move.mutate({ id: round.id, body: { to: 'next', version: round.version } })}>
        Skip
      </Button>
      <Button size="sm" variant="primary" loading={end.isPending} disabled={busy} onClick={() => end.mutate({ id: round.id, body: { version: round.version } })}>
        End round
      </Button>
    </Controls>
  );
}

/** Links to the minutes of the rounds that ended, read when the list opens. */
function PastRounds() {
  const [open, setOpen] = useState(false);
  const past = usePastRounds(open);
  return (
    <Past onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Minutes of past rounds</summary>
      {past.isPending && open ? <p>Loading…</p> : null}
      {past.isError ? <LoadError compact title="Could not load the past rounds" error={past.error} onRetry={() => void past.refetch()} /> : null}
      {past.data?.length === 0 ? <p>No round has ended yet.</p> : null}
      {past.data && past.data.length > 0 ? (
        <ul>
          {past.data.map((round) => (
            <li key={round.id}>
              <Link to={pathTo.roundMinutes(round.id)}>{formatDateTime(round.endedAt)}</Link> · {round.checkedIn} checked in, {round.followUps} follow-ups
            </li>
          ))}
        </ul>
      ) : null}
    </Past>
  );
}

/**
 * The check-in round on the COO View (docs/PRODUCT.md#the-check-in-round): Start while none is
 * under way, the round's panel with the presenter's controls while one is, and the past rounds'
 * minutes.
 */
export function CooRound() {
  const active = useActiveRound();
  const start = useStartRound();
  const round = active.data?.round ?? null;
  const startNow = () => {
    const today = clock.now();
    start.mutate({ year: fiscalYearOf(today), quarter: fiscalQuarterOf(today) });
  };
  if (active.isError) return <LoadError compact title="Could not load the check-in round" error={active.error} onRetry={() => void active.refetch()} />;
  return (
    <>
      {round ? (
        <Suspense fallback={null}>
          <RoundPanel round={round} controls={<PresenterControls round={round} />} />
        </Suspense>
      ) : null}
      <Bar>
        {round || active.isPending ? null : (
          <Button size="sm" variant="secondary" loading={start.isPending} onClick={startNow} onPointerEnter={preloadPanel} onFocus={preloadPanel}>
            Start check-in round
          </Button>
        )}
        <PastRounds />
      </Bar>
    </>
  );
}
