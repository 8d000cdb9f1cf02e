import styled from 'styled-components';
import { Card } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

/** The method detail's shape while it loads. */
export function MethodDetailSkeleton() {
  return (
    <Stack role="status" aria-live="polite">
      <VisuallyHidden>Loading method...</VisuallyHidden>
      <Skeleton $width="90px" $height="32px" />
      <Row>
        <Skeleton $width="90px" $height="22px" $radius="full" />
        <Skeleton $width="110px" $height="22px" $radius="full" />
      </Row>
      <Skeleton $width="min(520px, 85%)" $height="32px" />
      <Grid>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} $height="40px" />
        ))}
      </Grid>
      <Skeleton $height="8px" $radius="full" />
      <Grid>
        {[0, 1, 2, 3].map((index) => (
          <Card key={index}>
            <Skeleton $width="60%" $height="14px" />
            <div style={{ height: 12 }} />
            <Skeleton $height="16px" />
          </Card>
        ))}
      </Grid>
      <Card>
        <Skeleton $width="120px" $height="20px" />
        <div style={{ height: 12 }} />
        <Skeleton $height="16px" />
        <div style={{ height: 8 }} />
        <Skeleton $width="70%" $height="16px" />
      </Card>
    </Stack>
  );
}
