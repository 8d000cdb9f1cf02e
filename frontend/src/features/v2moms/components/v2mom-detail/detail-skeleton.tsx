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
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

/** The detail screen's shape while it loads. */
export function DetailSkeleton() {
  return (
    <Stack role="status" aria-live="polite">
      <VisuallyHidden>Loading V2MOM...</VisuallyHidden>
      <Row>
        <Skeleton $width="90px" $height="32px" />
        <Skeleton $width="70px" $height="32px" />
      </Row>
      <Skeleton $width="min(460px, 80%)" $height="32px" />
      <Row>
        <Skeleton $width="80px" $height="22px" $radius="full" />
        <Skeleton $width="120px" $height="22px" $radius="full" />
        <Skeleton $width="160px" $height="22px" $radius="full" />
      </Row>
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
      <Grid>
        {[0, 1].map((index) => (
          <Card key={index}>
            <Skeleton $width="75%" $height="20px" />
            <div style={{ height: 16 }} />
            <Skeleton $height="6px" $radius="full" />
            <div style={{ height: 16 }} />
            <Skeleton $height="48px" />
          </Card>
        ))}
      </Grid>
    </Stack>
  );
}
