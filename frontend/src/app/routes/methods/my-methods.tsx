import { fiscalQuarterOf, quarterLabel } from '@v2mom/contracts';
import { useState } from 'react';
import { useUserMethods } from '../../../features/methods/api/get-user-methods';
import { MyMethodsSection } from '../../../features/methods/components/my-methods/my-methods-section';
import { FollowUpsSection } from '../../../features/rounds/components/follow-ups-section';
import { QuarterReviewSection } from '../../../features/quarter-reviews/components/quarter-review-section';
import { useRhythm } from '../../../features/rhythm/api/get-rhythm';
import { MyTasksSection } from '../../../features/tasks/components/my-tasks/my-tasks-section';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { clock } from '../../../lib/clock';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { ExportMenu } from '../../../features/sheets/components/export-menu';

/**
 * My Methods and Tasks (docs/PRODUCT.md#my-methods-and-tasks): the current fiscal quarter, the
 * signed-in user's methods and tasks, and the quarter's review while one is open, when the next
 * one opens otherwise (docs/PRODUCT.md#quarter-review), and the follow-ups a check-in round gave
 * them until they acknowledge each (docs/PRODUCT.md#the-check-in-round). The page holds the one edit slot both sections share, so
 * only one method or task is in edit mode at a time.
 */
export default function MyMethodsPage() {
  const user = useSignedInUser();
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const quarter = quarterLabel(fiscalQuarterOf(clock.now()));
  // The same query as the section's: the quarter's review lists the same methods.
  const methods = useUserMethods(user.id);
  // The review windows turn on the company's clock: its time zone is the rhythm's.
  const timeZone = useRhythm().data?.timeZone ?? null;

  return (
    <>
      <PageHeader
        title="My Methods and Tasks"
        subtitle={`Current quarter: ${quarter}`}
        actions={<ExportMenu download={{ route: SHEET_PATHS.exportMethods, query: { ownerId: user.id, sort: 'v2mom' } }} />}
      />
      <FollowUpsSection />
      <QuarterReviewSection methods={methods.data ?? []} actor={user} timeZone={timeZone} />
      <MyMethodsSection actor={user} editingKey={editingKey} onEditingChange={setEditingKey} />
      <MyTasksSection actor={user} editingKey={editingKey} onEditingChange={setEditingKey} />
    </>
  );
}
