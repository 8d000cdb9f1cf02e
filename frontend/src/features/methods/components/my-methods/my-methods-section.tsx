import { TREND_LIMITS, type TUser } from '@v2mom/contracts';
import { useMemo } from 'react';
import { EmptyState } from '../../../../components/ui/empty-state';
import { DocumentIcon } from '../../../../components/ui/icons';
import { QueryCardGrid } from '../../../../components/ui/query-card-grid';
import { Section } from '../../../../components/ui/section';
import { Skeleton } from '../../../../components/ui/skeleton';
import { chunksOf } from '../../../../lib/chunks';
import { useEditSlot } from '../../../../lib/edit-slot';
import { useMethodTrends } from '../../api/get-method-trends';
import { useUserMethods } from '../../api/get-user-methods';
import { MethodProgressCard } from './method-progress-card';

export interface MyMethodsSectionProps {
  actor: TUser;
  /** The one item in edit mode on the page (a method or a task), if any. */
  editingKey: string | null;
  onEditingChange: (key: string | null) => void;
}

/** The signed-in user's method cards, with loading, empty and failed states. */
export function MyMethodsSection({ actor, editingKey, onEditingChange }: MyMethodsSectionProps) {
  const methods = useUserMethods(actor.id);
  // One list, asked for in as few requests as one may name.
  const trendOf = useMethodTrends(useMemo(() => methods.data && chunksOf(methods.data, TREND_LIMITS.methods), [methods.data]));
  const slot = useEditSlot({ kind: 'method', rows: methods.data, refetch: methods.refetch, editingKey, onEditingChange });

  return (
    <Section id="my-methods-heading" title="My Methods">
      <QueryCardGrid
        query={methods}
        loadingText="Loading your methods..."
        skeletonTestId="my-method-skeleton"
        skeleton={
          <>
            <Skeleton $width="60%" $height="20px" />
            <Skeleton $width="40%" $height="14px" />
            <Skeleton $height="8px" $radius="full" />
            <Skeleton />
            <Skeleton $width="80%" />
          </>
        }
        errorTitle="We couldn't load your methods."
        empty={<EmptyState compact icon={<DocumentIcon />} title="No methods yet" description="Methods you own will appear here." />}
        itemKey={(method) => method.id}
        renderItem={(method) => (
          <MethodProgressCard
            method={method}
            actor={actor}
            trend={trendOf(method.id)}
            editing={slot.isEditing(method.id)}
            editLocked={slot.isLocked(method.id)}
            onEdit={slot.onEdit}
            onDone={slot.onDone}
            onReload={slot.onReload}
          />
        )}
      />
    </Section>
  );
}
