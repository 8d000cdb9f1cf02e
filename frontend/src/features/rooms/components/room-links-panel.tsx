import {
  ROOM_LINK_DEFAULT_DAYS,
  ROOM_LINK_MAX_DAYS,
  ZCreateRoomLinkSchema,
  roomLinkUrl,
  type TCreatedRoomLink,
  type TRoomLink,
  type TRoomLinkState,
  type TV2mom,
} from '@v2mom/contracts';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, invalidProps } from '../../../components/ui/field';
import { QueryTable } from '../../../components/ui/query-table';
import type { PickerSlotProps } from '../../../components/ui/search-combobox';
import { RelativeTime } from '../../../components/ui/relative-time';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { ActionsTd, Td, Tr } from '../../../components/ui/table';
import { personName } from '../../../lib/person-name';
import { useCreateRoomLink } from '../api/create-room-link';
import { useRoomLinks } from '../api/get-room-links';
import { useRevokeRoomLink } from '../api/revoke-room-link';
import { UserText } from '../../../components/ui/user-text';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const About = styled.p`
  max-width: 70ch;
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const COLUMNS = ['Room', 'Shows', 'State', 'Expires', 'Last used', 'Made by'];
const SKELETON_CELLS = [<Skeleton $width="110px" />, <Skeleton $width="110px" />, <Skeleton $width="60px" />, <Skeleton $width="80px" />, <Skeleton $width="80px" />, <Skeleton $width="100px" />];
const STATE_WORDS: Record<TRoomLinkState, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const COO_VIEW = 'COO View';

function Shows({ link }: { link: TRoomLink }) {
  if (link.screen.kind === 'coo-view') return <>{COO_VIEW}</>;
  return link.v2momTitle ? (
    <>
      V2MOM: <UserText>{link.v2momTitle}</UserText>
    </>
  ) : (
    <>A deleted V2MOM</>
  );
}

function CreatedLinkDialog({ link, onClose }: { link: TCreatedRoomLink; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Meeting-room link"
      description={
        <>
          Open this link on the screen in <UserText>{link.label}</UserText>. It is shown only now; anyone with it can watch the screen until it expires or you
          revoke it.
        </>
      }
      value={roomLinkUrl(window.location.origin, link.token)}
      valueLabel="The link"
      copyLabel="Copy link"
      onClose={onClose}
    />
  );
}

function RevokeDialog({ link, onClose }: { link: TRoomLink; onClose: () => void }) {
  const revoke = useRevokeRoomLink();
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title={
        <>
          Revoke the link of <UserText>{link.label}</UserText>?
        </>
      }
      description="Its screen stops at once and the link never works again."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(link.id, { onSettled: onClose })}>
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
          </Button>
        </>
      }
    />
  );
}

/**
 * Meeting-room links (docs/PRODUCT.md#meeting-room-links): make a read-only link to the COO View or
 * one V2MOM for a room's screen (its token shown once), see each with its state and last use, and
 * revoke it, which stops its screen at once.
 */
export function RoomLinksPanel({ V2momPicker }: { V2momPicker: ComponentType<PickerSlotProps<TV2mom>> }) {
  const links = useRoomLinks();
  const create = useCreateRoomLink();
  const [label, setLabel] = useState('');
  // The V2MOM the link shows; none: the COO View.
  const [shown, setShown] = useState<TV2mom | null>(null);
  const [days, setDays] = useState(String(ROOM_LINK_DEFAULT_DAYS));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [created, setCreated] = useState<TCreatedRoomLink | null>(null);
  const [revoking, setRevoking] = useState<TRoomLink | null>(null);
  const ids = { label: useId(), shows: useId(), days: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const screen = shown === null ? { kind: 'coo-view' as const } : { kind: 'v2mom' as const, v2momId: shown.id };
    const parsed = ZCreateRoomLinkSchema.safeParse({ label, screen, days: Number(days) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (link) => {
        setCreated(link);
        setLabel('');
      },
    });
  };

  return (
    <>
      <About>
        A meeting-room link lets a room&apos;s screen show the COO View or one V2MOM, live and read-only, without anyone signing in on it. It works until it expires or is
        revoked; deactivating the person who made it revokes it.
      </About>
      <Form noValidate onSubmit={onSubmit} aria-label="New meeting-room link">
        <Field htmlFor={ids.label} label="Room" error={errors['label']}>
          <Input id={ids.label} value={label} onChange={(event) => setLabel(event.target.value)} placeholder="Board room" {...invalidProps(ids.label, errors['label'])} />
        </Field>
        <Field htmlFor={ids.shows} label="Shows">
          {/* Any V2MOM may be shown: found as one types, the COO View first. */}
          <V2momPicker id={ids.shows} value={shown} onChange={setShown} onClear={() => setShown(null)} clearLabel={COO_VIEW} placeholder={COO_VIEW} />
        </Field>
        <Field htmlFor={ids.days} label={`Days (1 to ${ROOM_LINK_MAX_DAYS})`} error={errors['days']}>
          <Input id={ids.days} type="number" min={1} max={ROOM_LINK_MAX_DAYS} value={days} onChange={(event) => setDays(event.target.value)} {...invalidProps(ids.days, errors['days'])} />
        </Field>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Making...' : 'Make link'}
        </Button>
      </Form>
      <QueryTable
        name={{ label: 'Meeting-room links' }}
        columns={COLUMNS}
        query={links}
        skeletonCells={SKELETON_CELLS}
        errorTitle="Failed to load the meeting-room links"
        emptyMessage="No meeting-room links yet"
      >
        {(links.data ?? []).map((link) => (
          <Tr key={link.id} aria-label={link.label}>
            <Td data-primary>{link.label}</Td>
            <Td data-label="Shows">
              <Shows link={link} />
            </Td>
            <Td data-label="State">{STATE_WORDS[link.state]}</Td>
            <Td data-label="Expires">
              <RelativeTime value={link.expiresAt} />
            </Td>
            <Td data-label="Last used">{link.lastUsedAt ? <RelativeTime value={link.lastUsedAt} /> : 'Never'}</Td>
            <Td data-label="Made by">{personName(link.createdBy, '—')}</Td>
            <ActionsTd>
              {link.state === 'active' ? (
                <Button size="sm" variant="danger" onClick={() => setRevoking(link)} aria-label={`Revoke the link of ${link.label}`}>
                  Revoke
                </Button>
              ) : null}
            </ActionsTd>
          </Tr>
        ))}
      </QueryTable>
      {created ? <CreatedLinkDialog link={created} onClose={() => setCreated(null)} /> : null}
      {revoking ? <RevokeDialog link={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}
