import {
  fiscalQuarterOf,
  pathTo,
  progressColor,
  quarterLabel,
  type TMethodListItem,
  type TQuarter,
} from '@v2mom/contracts';
import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedField, changedFieldProps, ChangedFieldsNote, flashOf, useChangedFields } from '../../../../components/live/changed-fields';
import { StaleMark } from '../../../../components/stale-marks';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { LinkButton } from '../../../../components/ui/button';
import { stackedCard } from '../../../../components/ui/card';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { personName } from '../../../../lib/person-name';
import type { TMethodTrend } from '../../api/get-method-trends';
import { MethodTrend } from '../method-trend';
import { ConfidenceTrend } from '../confidence-trend';
import { clock } from '../../../../lib/clock';
import { PersonName, UserText } from '../../../../components/ui/user-text';

const Item = styled.article`
  ${stackedCard}
  height: 100%;
  padding: ${({ theme }) => theme.space[4]};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.md};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

const Description = styled(Link)`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;
  overflow-wrap: anywhere;

  &:hover {
    text-decoration: underline;
  }
`;

const Meta = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Measures = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
`;

const Measure = styled(ChangedField)`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0 -${({ theme }) => theme.space[1]};
  padding: 2px ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};

  dt {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    text-align: right;
    overflow-wrap: anywhere;
  }
  dd[data-empty] {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeight.regular};
    font-style: italic;
  }
`;

const ProgressRow = styled(ChangedField)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};

  /* The bar keeps a readable length: the trend and the confidence go to a second line before it shrinks away. */
  > [role='progressbar'] {
    flex: 1 1 4em;
    min-width: 4em;
  }
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Footer = styled.div`
  margin-top: auto;
`;

type Field = 'status' | 'description' | 'owner' | 'measure' | 'quarterMeasure' | 'currentMeasure' | 'progress';

function MeasureRow({ label, value, empty, flash }: { label: string; value: string | null; empty: string; flash: number | undefined }) {
  const shown = value?.trim() ? value : null;
  return (
    <Measure {...changedFieldProps(flash)}>
      <dt>{label}</dt>
      <dd data-empty={shown ? undefined : ''}>{shown ?? empty}</dd>
    </Measure>
  );
}

export interface KeyMetricCardProps {
  method: TMethodListItem;
  /** The dashboard's preview shows the current measure and progress only, without 'View Details'. */
  preview?: boolean;
  /** The method's last weeks, beside its progress; none in the dashboard's preview. */
  trend?: TMethodTrend;
  /** Whose quarter measure the card shows: the current fiscal quarter's unless another is chosen. */
  quarter?: TQuarter;
  /** What moved since a day compared with (docs/PRODUCT.md#as-of), above its footer. */
  moves?: ReactNode;
}

/**
 * One COO-tracked method (docs/PRODUCT.md#key-metrics). When someone else changes it, the card
 * updates in place and the changed fields flash, with who changed them.
 */
export const KeyMetricCard = memo(function KeyMetricCard({ method, preview = false, trend = null, quarter: chosen, moves }: KeyMetricCardProps) {
  const titleId = useId();
  const current = fiscalQuarterOf(clock.now());
  const quarter = quarterLabel(chosen ?? current);
  const quarterMeasure = !chosen || chosen === current ? method.currentQuarterMeasure : method[`${chosen}Measure`];
  const change = useRecentChange(changeKeys.item('method', method.id));
  const fields = useChangedFields<Field>(
    {
      status: method.status,
      description: method.description,
      owner: method.owner ? personName(method.owner) : null,
      measure: method.measure,
      quarterMeasure,
      currentMeasure: method.currentMeasure,
      progress: method.progress,
    },
    method.version,
    change,
  );
  const labels: Record<Field, string> = {
    status: 'status',
    description: 'description',
    owner: 'owner',
    measure: 'measure',
    quarterMeasure: `${quarter} measure`,
    currentMeasure: 'current measure',
    progress: 'progress',
  };

  return (
    <Item aria-labelledby={titleId} data-testid="key-metric-card">
      <Top>
        <ChangedField {...changedFieldProps(flashOf(fields, 'status', change))}>
          <WorkStatusBadge status={method.status} />
        </ChangedField>
        <StaleMark method={method} />
      </Top>
      <div>
        <Title id={titleId}>
          <ChangedField {...changedFieldProps(flashOf(fields, 'description', change))}>
            <Description to={pathTo.method(method.id)}>{method.description}</Description>
          </ChangedField>
        </Title>
        <Meta>
          <UserText>{method.v2mom.title}</UserText> ·{' '}
          <span>
            <PersonName person={method.owner} />
          </span>
        </Meta>
        <ChangedFieldsNote change={change} fields={fields} labels={labels} />
      </div>
      <Measures>
        {preview ? null : (
          <>
            <MeasureRow label="Measure" value={method.measure} empty="No measure set" flash={flashOf(fields, 'measure', change)} />
            <MeasureRow
              label={`${quarter} Measure`}
              value={quarterMeasure}
              empty="No measure set"
              flash={flashOf(fields, 'quarterMeasure', change)}
            />
          </>
        )}
        <MeasureRow label="Current" value={method.currentMeasure} empty="Not measured" flash={flashOf(fields, 'currentMeasure', change)} />
      </Measures>
      <ProgressRow {...changedFieldProps(flashOf(fields, 'progress', change))}>
        <ProgressBar value={method.progress} size="sm" variant={progressColor(method.progress)} label={`Progress of ${method.description}`} />
        <span>{Math.round(method.progress)}%</span>
        <MethodTrend trend={trend} progress={method.progress} status={method.status} />
        <ConfidenceTrend method={method} />
      </ProgressRow>
      {moves}
      {preview ? null : (
        <Footer>
          <LinkButton to={pathTo.method(method.id)} variant="secondary" size="sm">
            View Details<VisuallyHidden> of {method.description}</VisuallyHidden>
          </LinkButton>
        </Footer>
      )}
    </Item>
  );
});
