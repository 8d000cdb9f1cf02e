import { API_ENDPOINTS, canExportSlides, COO_VIEW_DECK_TITLE, deckFilename } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { actorOf, authorize } from '../shared/guards.js';
import { cooViewDeckContent, v2momDeckContent } from './deck.content.js';
import { renderDeck } from './deck.pptx.js';
import { now } from '../../server-clock.js';

/** docs/PRODUCT.md#forbidden-messages */
const EXPORT_FORBIDDEN = "You don't have permission to export slides";

export function deckRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getV2momDeck, async ({ em, user, params, attachment }) => {
    authorize(canExportSlides(actorOf(user)), EXPORT_FORBIDDEN);
    const content = await v2momDeckContent(em, params.id, user, now());
    attachment(deckFilename(content.title, content.year, content.quarter));
    return renderDeck(content);
  });
  route(router, API_ENDPOINTS.getCooViewDeck, async ({ em, user, query, attachment }) => {
    authorize(canExportSlides(actorOf(user)), EXPORT_FORBIDDEN);
    const content = await cooViewDeckContent(em, query.quarter, now(), query.asOf);
    attachment(deckFilename(COO_VIEW_DECK_TITLE, content.year, content.quarter));
    return renderDeck(content);
  });
}
