import { Card } from '../../../../components/ui/card';
import { Skeleton, SkeletonGrid, SkeletonPage, SkeletonRow } from '../../../../components/ui/skeleton';

/** The method detail's shape while it loads. */
export function MethodDetailSkeleton() {
  return (
    <SkeletonPage label="Loading method...">
      <Skeleton $width="90px" $height="32px" />
      <SkeletonRow>
        <Skeleton $width="90px" $height="22px" $radius="full" />
        <Skeleton $width="110px" $height="22px" $radius="full" />
      </SkeletonRow>
      <Skeleton $width="min(520px, 85%)" $height="32px" />
      <SkeletonGrid $min="220px" $gap={3}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} $height="40px" />
        ))}
      </SkeletonGrid>
      <Skeleton $height="8px" $radius="full" />
      <SkeletonGrid $min="220px" $gap={3}>
        {[0, 1, 2, 3].map((index) => (
          <Card key={index}>
            <Skeleton $width="60%" $height="14px" />
            <div style={{ height: 12 }} />
            <Skeleton $height="16px" />
          </Card>
        ))}
      </SkeletonGrid>
      <Card>
        <Skeleton $width="120px" $height="20px" />
        <div style={{ height: 12 }} />
        <Skeleton $height="16px" />
        <div style={{ height: 8 }} />
        <Skeleton $width="70%" $height="16px" />
      </Card>
    </SkeletonPage>
  );
}
