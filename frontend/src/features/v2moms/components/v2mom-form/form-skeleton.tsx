import { Card } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';

/** The form's shape while the V2MOM loads. */
export function FormSkeleton() {
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', gap: 20 }}>
      <VisuallyHidden>Loading V2MOM...</VisuallyHidden>
      <Skeleton $width="260px" $height="32px" />
      <Card>
        <Skeleton $width="60px" $height="14px" />
        <div style={{ height: 8 }} />
        <Skeleton $height="38px" />
      </Card>
      <Skeleton $width="420px" $height="36px" />
      <Skeleton $height="160px" />
    </div>
  );
}
