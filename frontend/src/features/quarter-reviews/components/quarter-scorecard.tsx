import { quarterLabel, type TScorecardCounts } from '@v2mom/contracts';
import { LoadError } from '../../../components/ui/load-error';
import { Section } from '../../../components/ui/section';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableCard, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { useQuarterScorecard } from '../api/get-quarter-scorecard';

const COLUMNS: Array<{ key: keyof TScorecardCounts; label: string }> = [
  { key: 'met', label: 'Met' },
  { key: 'partlyMet', label: 'Partly met' },
  { key: 'missed', label: 'Missed' },
  { key: 'notReviewed', label: 'Not reviewed' },
];

/** The dashboard's scorecard of the last finished quarter: methods that met, partly met, missed their goal or were not reviewed, per department. */
export function QuarterScorecard() {
  const scorecard = useQuarterScorecard();
  const title = scorecard.data ? `${quarterLabel(scorecard.data.quarter)} FY${scorecard.data.year} scorecard` : 'Quarter scorecard';
  return (
    <Section id="quarter-scorecard-heading" title={title}>
      {scorecard.isPending ? (
        <Skeleton $height="120px" aria-label="Loading the quarter scorecard" />
      ) : scorecard.isError ? (
        <LoadError title="We couldn't load the quarter scorecard." error={scorecard.error} onRetry={() => void scorecard.refetch()} />
      ) : (
        <TableCard $stackOnMobile>
          <Table $stackOnMobile aria-labelledby="quarter-scorecard-heading">
            <THead>
              <Tr>
                <Th>Department</Th>
                {COLUMNS.map((column) => (
                  <Th key={column.key} $align="right">
                    {column.label}
                  </Th>
                ))}
              </Tr>
            </THead>
            <TBody>
              {[...scorecard.data.departments, { department: 'All departments', ...scorecard.data.total }].map((row) => (
                <Tr key={row.department}>
                  <Td data-label="Department">{row.department}</Td>
                  {COLUMNS.map((column) => (
                    <Td key={column.key} $align="right" data-label={column.label}>
                      {row[column.key]}
                    </Td>
                  ))}
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableCard>
      )}
    </Section>
  );
}
