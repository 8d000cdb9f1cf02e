import { CONFIDENCE_RANGE, confidenceDropNeedsReason, ROUND_LINE_MAX, type TRound, type TRoundParticipant, type TWorkStatus } from '@v2mom/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/field';
import { WorkStatusSelect } from '../../../components/ui/work-status-select';
import { useCheckInRound } from '../api/check-in-round';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

type TMethod = TRoundParticipant['methods'][number];

interface Draft {
  status: TWorkStatus;
  progress: string;
  confidence: string;
  confidenceReason: string;
  update: string;
  obstacle: string;
}

const draftOf = (method: TMethod): Draft => ({
  status: method.status,
  progress: String(method.progress),
  confidence: method.confidence === null ? '' : String(method.confidence),
  confidenceReason: '',
  update: '',
  obstacle: '',
});

const SCALE = Array.from({ length: CONFIDENCE_RANGE.max - CONFIDENCE_RANGE.min + 1 }, (_, index) => CONFIDENCE_RANGE.min + index);

export interface RoundCheckInDialogProps {
  round: TRound;
  methods: TMethod[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * One screen to check in during one's turn (docs/PRODUCT.md#the-check-in-round): a method's status,
 * progress, confidence and one line, and an obstacle to raise. Each method is saved on its own;
 * the dialog moves on to the next one, and closes after the last.
 */
export function RoundCheckInDialog({ round, methods, open, onOpenChange }: RoundCheckInDialogProps) {
  const id = useId();
  const [methodId, setMethodId] = useState(methods[0]?.id ?? 0);
  const method = methods.find((candidate) => candidate.id === methodId) ?? methods[0];
  const [draft, setDraft] = useState<Draft | null>(null);
  const held = draft ?? (method ? draftOf(method) : null);
  const checkIn = useCheckInRound();
  if (!method || !held) return null;

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft({ ...held, [field]: value });
  const confidence = held.confidence === '' ? null : Number(held.confidence);
  const asksReason = confidenceDropNeedsReason(method.confidence, confidence);
  const progress = Number(held.progress);
  const progressError = held.progress.trim() === '' || !Number.isInteger(progress) || progress < 0 || progress > 100 ? 'Progress is a whole number from 0 to 100' : null;
  const ready = confidence !== null && !progressError && (!asksReason || held.confidenceReason.trim() !== '');

  const choose = (next: number) => {
    setMethodId(next);
    setDraft(null);
  };
  const submit = () => {
    if (!ready || confidence === null) return;
    checkIn.mutate(
      {
        roundId: round.id,
        position: round.position,
        body: {
          methodId: method.id,
          version: method.version,
          status: held.status,
          progress,
          confidence,
          ...(asksReason ? { confidenceReason: held.confidenceReason.trim() } : {}),
          ...(held.update.trim() ? { update: held.update.trim() } : {}),
          ...(held.obstacle.trim() ? { obstacle: held.obstacle.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          const next = methods[methods.indexOf(method) + 1];
          if (next) choose(next.id);
          else onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Your check-in"
      description={methods.length > 1 ? `Method ${methods.indexOf(method) + 1} of ${methods.length}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Later
          </Button>
          <Button variant="primary" type="submit" form={`${id}-form`} loading={checkIn.isPending} disabled={!ready}>
            Check in
          </Button>
        </>
      }
    >
      <Form
        id={`${id}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Wide>
          <Field htmlFor={`${id}-method`} label="Method">
            <Select id={`${id}-method`} value={method.id} onChange={(event) => choose(Number(event.target.value))}>
              {methods.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.description}
                </option>
              ))}
            </Select>
          </Field>
        </Wide>
        <Field htmlFor={`${id}-status`} label="Status">
          <WorkStatusSelect id={`${id}-status`} value={held.status} onChange={(status) => set('status', status)} />
        </Field>
        <Field htmlFor={`${id}-progress`} label="Progress (%)" error={progressError}>
          <Input id={`${id}-progress`} type="number" inputMode="numeric" min={0} max={100} step={1} value={held.progress} onChange={(event) => set('progress', event.target.value)} />
        </Field>
        <Field htmlFor={`${id}-confidence`} label="Confidence (1 to 10)">
          <Select id={`${id}-confidence`} value={held.confidence} onChange={(event) => set('confidence', event.target.value)}>
            <option value="">Choose…</option>
            {SCALE.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
        {asksReason ? (
          <Wide>
            <Field htmlFor={`${id}-reason`} label="Why did confidence fall?">
              <Input id={`${id}-reason`} maxLength={ROUND_LINE_MAX} value={held.confidenceReason} onChange={(event) => set('confidenceReason', event.target.value)} />
            </Field>
          </Wide>
        ) : null}
        <Wide>
          <Field htmlFor={`${id}-update`} label="One line">
            <Input id={`${id}-update`} maxLength={ROUND_LINE_MAX} value={held.update} onChange={(event) => set('update', event.target.value)} />
          </Field>
        </Wide>
        <Wide>
          <Field htmlFor={`${id}-obstacle`} label="An obstacle (becomes your follow-up)">
            <Input id={`${id}-obstacle`} maxLength={ROUND_LINE_MAX} value={held.obstacle} onChange={(event) => set('obstacle', event.target.value)} />
          </Field>
        </Wide>
      </Form>
    </Dialog>
  );
}
