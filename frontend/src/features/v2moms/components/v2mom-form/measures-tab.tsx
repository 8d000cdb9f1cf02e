import { currentQuarterMeasure, fiscalQuarterOf, measureStatusLabel, quarterLabel, type TMeasure } from '@v2mom/contracts';
import styled from 'styled-components';
import { EmptyList, Muted, TabIntro } from './form-parts';
import type { V2momFormState } from './form-state';

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

/** Read-only overview: each method's measures as the form holds them, and the V2MOM's measures. */
export function MeasuresTab({ form, measures }: { form: V2momFormState; measures: TMeasure[] }) {
  const quarter = quarterLabel(fiscalQuarterOf(new Date()));
  const hasMethodMeasures = form.methods.some((method) => method.measure.trim() || currentQuarterMeasure(method) || method.currentMeasure.trim());
  return (
    <div>
      <TabIntro>
        <Muted>A read-only overview. Measures are edited on each method in the Methods tab.</Muted>
      </TabIntro>
      {!hasMethodMeasures && measures.length === 0 ? (
        <EmptyList>No measures defined</EmptyList>
      ) : null}
      {hasMethodMeasures ? (
        <Scroll>
          <Table>
            <Caption>Method measures</Caption>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Measure</th>
                <th scope="col">{quarter} measure</th>
                <th scope="col">Current measure</th>
              </tr>
            </thead>
            <tbody>
              {form.methods.map((method, index) => (
                <tr key={method.key}>
                  <td>{method.description.trim() || `Method ${index + 1}`}</td>
                  <td>{dash(method.measure)}</td>
                  <td>{dash(currentQuarterMeasure(method))}</td>
                  <td>{dash(method.currentMeasure)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      ) : null}
      {measures.length > 0 ? (
        <Scroll>
          <Table>
            <Caption>V2MOM measures</Caption>
            <thead>
              <tr>
                <th scope="col">Measure</th>
                <th scope="col">Target</th>
                <th scope="col">Current</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {measures.map((measure) => (
                <tr key={measure.id}>
                  <td>{measure.description}</td>
                  <td>{dash(measure.target)}</td>
                  <td>{dash(measure.current)}</td>
                  <td>{measureStatusLabel(measure.status)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      ) : null}
    </div>
  );
}
