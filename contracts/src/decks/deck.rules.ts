import { quarterLabel, type TQuarter } from '../common/quarter.js';

/** The media type of a PowerPoint file, which the deck calls answer. */
export const PPTX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** 'Sales Plan', 2025, 'q2' -> 'Sales_Plan_2025_Q2.pptx' (docs/PRODUCT.md#deck). */
export function deckFilename(title: string, year: number, quarter: TQuarter): string {
  return `${title.trim().replace(/\s+/g, '_')}_${year}_${quarterLabel(quarter)}.pptx`;
}

/** The COO View's deck is named as a V2MOM's would be with this title. */
export const COO_VIEW_DECK_TITLE = 'COO View';
