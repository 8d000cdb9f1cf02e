import { COO_VIEW_DECK_TITLE, deckFilename, fiscalYearOf, type TQuarter } from '@v2mom/contracts';
import { DECK_PATHS } from '@v2mom/contracts/paths';
import { downloadApi } from '../../../lib/api-client';
import { clock } from '../../../lib/clock';

/** What a deck download saves: the file and its name (the server's, else the same rule's). */
export interface TDeckFile {
  blob: Blob;
  fileName: string;
}

/** GET /api/v2moms/{id}/deck (docs/PRODUCT.md#deck). */
export async function downloadV2momDeck(v2mom: { id: number; title: string; year: number; quarter: TQuarter }): Promise<TDeckFile> {
  const file = await downloadApi(DECK_PATHS.getV2momDeck, { params: { id: v2mom.id } });
  return { blob: file.blob, fileName: file.fileName ?? deckFilename(v2mom.title, v2mom.year, v2mom.quarter) };
}

/** GET /api/methods/coo-tracking/deck?quarter= (docs/PRODUCT.md#deck). */
export async function downloadCooViewDeck(quarter: TQuarter, asOf: string | null = null): Promise<TDeckFile> {
  const file = await downloadApi(DECK_PATHS.getCooViewDeck, { query: { quarter, asOf: asOf ?? undefined } });
  return { blob: file.blob, fileName: file.fileName ?? deckFilename(COO_VIEW_DECK_TITLE, fiscalYearOf(clock.now()), quarter) };
}
