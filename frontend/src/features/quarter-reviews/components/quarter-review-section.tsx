import { canReopenReview, canReviewMethod, reviewLabel, type TMethodListItem, type TUser } from '@v2mom/contracts';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { QuarterOutcome } from '../../../components/ui/quarter-outcome';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Section } from '../../../components/ui/section';
import { Skeleton } from '../../../components/ui/skeleton';
import { CardMeta, CardTitle, WorkCard } from '../../../components/ui/work-card';
import { useCurrentQuarterReview } from '../api/get-current-quarter-review';
import { useQuarterResults } from '../api/get-quarter-results';
import { useReopenQuarterReview } from '../api/reopen-quarter-review';
import { QuarterReviewForm } from './quarter-review-form';
import { UserText } from '../../../components/ui/user-text';
import { NextReviewNote } from './next-review-note';

const Cards = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Locked = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type ReviewedMethod = Pick<TMethodListItem, 'id' | 'description' | 'ownerId' | 'v2mom'>;

/**
 * `Review Q2` (docs/PRODUCT.md#quarter-review): while the server says a quarter is open for
 * review, each of `methods` of that fiscal year with its quarter as it ends, and either the
 * owner's form or the saved review, read-only, which a manage_structure holder may reopen.
 * Outside a window, given the company's time zone (`timeZone`, the rhythm's), when the next one
 * opens, to someone with methods; nothing otherwise.
 */
export function QuarterReviewSection({ methods, actor, timeZone = null }: { methods: readonly ReviewedMethod[]; actor: TUser; timeZone?: string | null }) {
  const current = useCurrentQuarterReview();
  const open = current.data?.open ?? null;
  const reviewed = open ? methods.filter((method) => method.v2mom.year === open.year) : [];
  const results = useQuarterResults(
    open,
    reviewed.map((method) => method.id),
  );
  const reopen = useReopenQuarterReview();
  if (current.data && !open && timeZone !== null && methods.length > 0) return <NextReviewNote timeZone={timeZone} />;
  if (!open || reviewed.length === 0) return null;
  const title = reviewLabel(open.quarter);
  const outcomeOf = new Map(results.data?.methods.map((outcome) => [outcome.methodId, outcome]));

  return (
    <Section id="quarter-review-heading" title={title}>
      {results.isError ? (
        <LoadError title="We couldn't load the quarter's results." error={results.error} onRetry={() => void results.refetch()} />
      ) : (
        <Cards aria-labelledby="quarter-review-heading">
          {reviewed.map((method) => {
            const outcome = outcomeOf.get(method.id);
            const review = outcome?.review ?? null;
            return (
              <li key={method.id}>
                <WorkCard aria-label={`${title}: ${method.description}`}>
                  <CardTitle>{method.description}</CardTitle>
                  {!outcome ? (
                    <Skeleton $height="96px" aria-label="Loading the quarter" />
                  ) : (
                    <>
                      <QuarterOutcome quarter={open.quarter} outcome={outcome} of={method.description} />
                      {review ? (
                        <>
                          <CardMeta>
                            Reviewed by {review.reviewedBy ? <UserText>{review.reviewedBy.name}</UserText> : 'someone'} <RelativeTime value={review.reviewedAt} />
                          </CardMeta>
                          <Locked>This quarter&apos;s goal, measure and result are locked.</Locked>
                          {canReopenReview(actor) ? (
                            <Button size="sm" loading={reopen.isPending} onClick={() => reopen.mutate(review)}>
                              {reopen.isPending ? 'Reopening...' : 'Reopen review'}
                            </Button>
                          ) : null}
                        </>
                      ) : canReviewMethod(actor, method) ? (
                        <QuarterReviewForm methodId={method.id} quarter={open} />
                      ) : (
                        <Locked>Not reviewed yet: its owner reviews it.</Locked>
                      )}
                    </>
                  )}
                </WorkCard>
              </li>
            );
          })}
        </Cards>
      )}
    </Section>
  );
}
