import { Card } from '../../../../components/ui/card';
import { Skeleton, SkeletonGrid, SkeletonPage, SkeletonRow } from '../../../../components/ui/skeleton';

/** The detail screen's shape while it loads. */
export function DetailSkeleton() {
  return (
    <SkeletonPage label="Loading V2MOM...">
      <SkeletonRow>
        <Skeleton $width="90px" $height="32px" />
        <Skeleton $width="70px" $height="32px" />
      </SkeletonRow>
      <Skeleton $width="min(460px, 80%)" $height="32px" />
      <SkeletonRow>
        <Skeleton $width="80px" $height="22px" $radius="full" />
        <Skeleton $width="120px" $height="22px" $radius="full" />
        <Skeleton $width="160px" $height="22px" $radius="full" />
      </SkeletonRow>
      <Card>
        <Skeleton $width="80px" $height="20px" />
        <div style={{ height: 12 }} />
        <Skeleton $height="16px" />
        <div style={{ height: 8 }} />
        <Skeleton $width="70%" $height="16px" />
      </Card>
      <Card>
        <Skeleton $width="80px" $height="20px" />
        <div style={{ height: 12 }} />
        <Skeleton $width="50%" $height="16px" />
        <div style={{ height: 8 }} />
        <Skeleton $width="40%" $height="16px" />
      </Card>
      <SkeletonGrid $min="420px" $gap={4} $fill>
        {[0, 1].map((index) => (
          <Card key={index}>
            <Skeleton $width="75%" $height="20px" />
            <div style={{ height: 16 }} />
            <Skeleton $height="6px" $radius="full" />
            <div style={{ height: 16 }} />
            <Skeleton $height="48px" />
          </Card>
        ))}
      </SkeletonGrid>
    </SkeletonPage>
  );
}
