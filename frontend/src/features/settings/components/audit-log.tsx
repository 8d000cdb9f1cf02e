import { useId, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { AUDIT_ACTION_LABELS, type TAuditEntry, type TPickedPerson } from '@v2mom/contracts';
import { Label } from '../../../components/ui/field';
import { QueryTable } from '../../../components/ui/query-table';
import type { PickerSlotProps } from '../../../components/ui/search-combobox';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { Td, Tr } from '../../../components/ui/table';
import { personName } from '../../../lib/person-name';
import { useAudit } from '../api/get-audit';

const Filter = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 320px;
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Change = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** A subject may be one long word (a webhook's URL): it breaks rather than widen a phone's page. */
const Subject = styled.span`
  overflow-wrap: anywhere;
`;

const COLUMNS = ['When', 'Who', 'What', 'About', 'Changes'];
const SKELETON_CELLS = [
  <Skeleton $width="80px" />,
  <Skeleton $width="110px" />,
  <Skeleton $width="120px" />,
  <Skeleton $width="110px" />,
  <Skeleton $width="180px" />,
];

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** 'role: user -> admin', one line per field the entry changed. */
function changesOf(entry: TAuditEntry): string[] {
  const fields = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...fields].map((field) => `${field}: ${valueText(entry.before?.[field])} -> ${valueText(entry.after?.[field])}`);
}

/**
 * The audit log (docs/PRODUCT.md#audit-log): who did what to whom and when, newest first, for
 * everyone or one person (what they did or underwent), found as one types their name; the page
 * hands in the picker, which searches deactivated people too.
 */
export function AuditLog({ PersonPicker }: { PersonPicker: ComponentType<PickerSlotProps<TPickedPerson>> }) {
  const [person, setPerson] = useState<TPickedPerson | null>(null);
  const audit = useAudit(person?.id ?? null);
  const filterId = useId();

  return (
    <>
      <Filter>
        <Label htmlFor={filterId}>Person</Label>
        <PersonPicker id={filterId} value={person} onChange={setPerson} placeholder="Everyone" onClear={() => setPerson(null)} clearLabel="Everyone" />
      </Filter>
      <QueryTable
        name={{ label: 'Audit log' }}
        columns={COLUMNS}
        actions={false}
        query={audit}
        skeletonCells={SKELETON_CELLS}
        errorTitle="Failed to load the audit log"
        emptyMessage="Nothing recorded yet"
      >
        {(audit.data ?? []).map((entry) => (
          <Tr key={entry.id}>
            <Td data-primary>
              <RelativeTime value={entry.at} />
            </Td>
            <Td data-label="Who">{personName(entry.actor, '—')}</Td>
            <Td data-label="What">{AUDIT_ACTION_LABELS[entry.action]}</Td>
            <Td data-label="About">
              <Subject>{entry.subject}</Subject>
            </Td>
            <Td data-label="Changes">
              {changesOf(entry).map((line) => (
                <Change key={line}>{line}</Change>
              ))}
            </Td>
          </Tr>
        ))}
      </QueryTable>
    </>
  );
}
