import { PageHeader } from '../../../components/ui/page-header';
import { AlignmentMap } from '../../../features/v2moms/components/alignment-map/alignment-map';
import { useAlignmentWatch } from '../../../features/v2moms/realtime/use-alignment-watch';

/** /alignment: how the year's V2MOMs cascade, company to person (docs/PRODUCT.md#alignment-map). */
export default function AlignmentMapPage() {
  // Its figures come live only while it says it is open.
  useAlignmentWatch();
  return (
    <>
      <PageHeader title="Alignment Map" subtitle="How the year’s V2MOMs serve one another, from the company to each person" />
      <AlignmentMap />
    </>
  );
}
