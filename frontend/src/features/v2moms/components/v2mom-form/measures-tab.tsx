import { currentQuarterMeasure, fiscalQuarterOf, measureStatusLabel, quarterLabel, type TMeasure } from '@v2mom/contracts';
import styled from 'styled-components';
import { EmptyList, Muted, TabIntro } from './tab-text';
import type { V2momFormState } from './form-state';
import { clock } from '../../../../lib/clock';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    font-size: ${({ theme }) => theme.fontSize.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Caption = styled.caption`
  padding: ${({ theme }) => theme.space[3]};
  text-align: left;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

interface OverviewTableProps {
  caption: string;
  columns: readonly string[];
  /** Each row's key and its cells, in column order. */
  rows: ReadonlyArray<{ key: string | number; cells: readonly string[] }>;
}

function OverviewTable({ caption, columns, rows }: OverviewTableProps) {
  return (
    <Scroll>
      <Table>
        <Caption>{caption}</Caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}

/** Read-only overview: each method's measures as the form holds them, and the V2MOM's measures. */
export function MeasuresTab({ form, measures }: { form: V2momFormState; measures: TMeasure[] }) {
  const today = clock.now();
  const quarter = quarterLabel(fiscalQuarterOf(today));
  const hasMethodMeasures = form.methods.some((method) => method.measure.trim() || currentQuarterMeasure(method, today) || method.currentMeasure.trim());
  return (
    <div>
      <TabIntro>
        <Muted>A read-only overview. Measures are edited on each method in the Methods tab.</Muted>
      </TabIntro>
      {!hasMethodMeasures && measures.length === 0 ? <EmptyList>No measures defined</EmptyList> : null}
      {hasMethodMeasures ? (
        <OverviewTable
          caption="Method measures"
          columns={['Method', 'Measure', `${quarter} measure`, 'Current measure']}
          rows={form.methods.map((method, index) => ({
            key: method.key,
            cells: [
              method.description.trim() || `Method ${index + 1}`,
              dash(method.measure),
              dash(currentQuarterMeasure(method, today)),
              dash(method.currentMeasure),
            ],
          }))}
        />
      ) : null}
      {measures.length > 0 ? (
        <OverviewTable
          caption="V2MOM measures"
          columns={['Measure', 'Target', 'Current', 'Status']}
          rows={measures.map((measure) => ({
            key: measure.id,
            cells: [measure.description, dash(measure.target), dash(measure.current), measureStatusLabel(measure.status)],
          }))}
        />
      ) : null}
    </div>
  );
}
