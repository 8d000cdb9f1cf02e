import { Skeleton } from './skeleton';

/** A panel's placeholder while its data loads, named for assistive technology ('Loading people'). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label}>
      <Skeleton $width="100%" $height="180px" />
    </div>
  );
}
