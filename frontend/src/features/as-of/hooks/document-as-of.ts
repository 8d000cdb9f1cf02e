import { summarizeV2momProgress, type TV2momComplete } from '@v2mom/contracts';
import { methodsAsOf, type AsOfView } from '../../../components/as-of/as-of-view';

/**
 * A V2MOM as it was on the day shown (docs/PRODUCT.md#as-of): its methods and measures that existed
 * then with that day's values, and the overall progress they made; its texts, values and obstacles
 * as they are now. Today's live view gives it back as it is.
 */
export function documentAsOf(document: TV2momComplete, view: AsOfView): TV2momComplete {
  if (view.asOf === null || !view.data) return document;
  const measures = new Map(view.data.measures.map((measure) => [measure.measureId, measure.at]));
  const methods = [...(methodsAsOf(document.methods, view) ?? [])];
  return {
    ...document,
    methods,
    measures: document.measures.flatMap((measure) => {
      const then = measures.get(measure.id);
      return then ? [{ ...measure, ...then }] : [];
    }),
    overallProgress: summarizeV2momProgress(methods).overallProgress,
  };
}
