import type { EntityManager } from '@mikro-orm/core';
import { DEFAULT_PAGE_SIZE, type TKeyCursor, type TMethodListItem, type TQuarter, type TQuarterMethodResult, type TQuarterOutcome, type TRoomMethod, type TRoomPastQuarter, type TRoomView } from '@v2mom/contracts';
import { writtenBrief } from '../assistant/meeting-brief.service.js';
import { listMethodPage } from '../methods/methods.service.js';
import { pastQuarterOf } from '../quarter-reviews/quarter-reviews.service.js';
import { loadRhythm } from '../rhythm/rhythm.service.js';
import { getActiveRound } from '../rounds/rounds.service.js';
import { EVERYONE } from '../v2moms/draft-readers.js';
import { getV2momComplete } from '../v2moms/v2moms.service.js';
import type { RoomPrincipal } from './room-links.service.js';

/**
 * A method as the room shows it: what its card reads, people by name only (no ids, departments,
 * avatars or who last changed what), as docs/PRODUCT.md#meeting-room-links has it.
 */
function roomMethod(method: TMethodListItem): TRoomMethod {
  return {
    id: method.id,
    description: method.description,
    status: method.status,
    progress: method.progress,
    measure: method.measure,
    currentMeasure: method.currentMeasure,
    q1Goal: method.q1Goal,
    q2Goal: method.q2Goal,
    q3Goal: method.q3Goal,
    q4Goal: method.q4Goal,
    update: method.update,
    lastCheckInAt: method.lastCheckInAt,
    confidence: method.confidence,
    previousConfidence: method.previousConfidence,
    createdAt: method.createdAt,
    staleAt: method.staleAt,
    owner: method.owner && { name: method.owner.name, active: method.owner.active },
    v2mom: { id: method.v2mom.id, title: method.v2mom.title, year: method.v2mom.year },
  };
}

/** A past quarter's outcome as the room shows it: the review's words and figures, never who wrote it. */
function roomOutcome({ methodId, goal, measure, atEnd, review }: TQuarterMethodResult): TQuarterOutcome {
  return { methodId, goal, measure, atEnd, review: review && { result: review.result, reflection: review.reflection, goal: review.goal, measure: review.measure } };
}

/** The COO View's quarter, when it has ended: each of the page's methods' figures at its end, read as the COO View reads them. */
async function roomPastQuarter(em: EntityManager, quarter: TQuarter | undefined, methods: readonly TMethodListItem[], now: Date): Promise<TRoomPastQuarter | null> {
  const past = quarter ? await pastQuarterOf(em, quarter, methods.map((method) => method.id), now) : null;
  return past && { year: past.year, quarter: past.quarter, methods: [...past.methods.values()].map(roomOutcome) };
}

/** What a room's screen asks for: the quarter its COO View shows, and where its next page of cards starts. */
export interface RoomViewQuery {
  quarter?: TQuarter;
  cursor?: TKeyCursor;
}

/**
 * GET /api/room: the link's one view as it is now, read by the same code as the signed-in screens';
 * a COO View's cards a page at a time in the COO View's order (latest change first, as
 * GET /api/methods?forCooTracking=true pages them) with that page's past quarter as it ended, and
 * with the first page the check-in round under way and the meeting brief as it is written
 * already, never asking a model (docs/PRODUCT.md#meeting-room-links).
 */
export async function readRoomView(em: EntityManager, principal: RoomPrincipal, { quarter, cursor }: RoomViewQuery, now: Date): Promise<TRoomView> {
  const head = { label: principal.label, expiresAt: principal.expiresAt.toISOString() };
  const { screen } = principal;
  if (screen.kind === 'coo-view') {
    const page = await listMethodPage(em, { forCooTracking: true, sort: 'updated', dir: 'desc', cursor, limit: DEFAULT_PAGE_SIZE }, EVERYONE);
    const cards = { methods: page.rows.map(roomMethod), nextCursor: page.nextCursor, pastQuarter: await roomPastQuarter(em, quarter, page.rows, now) };
    // The brief reads the period's check-ins across the company: once, with the first page.
    if (cursor) return { ...head, view: { kind: 'coo-view-cards', ...cards } };
    const { round } = await getActiveRound(em);
    const brief = await writtenBrief(em, await loadRhythm(em), now);
    return { ...head, view: { kind: 'coo-view', ...cards, round, brief } };
  }
  // A room's screen is seen by whoever is in the room: it reads as everyone, a draft not there (docs/PRODUCT.md#approval).
  const document = await getV2momComplete(em, screen.v2momId, EVERYONE);
  return {
    ...head,
    view: {
      kind: 'v2mom',
      v2mom: {
        id: document.id,
        title: document.title,
        year: document.year,
        quarter: document.quarter,
        ownerName: document.owner.name,
        vision: document.vision,
        values: document.values.map(({ id, description }) => ({ id, description })),
        methods: document.methods.map(roomMethod),
        obstacles: document.obstacles.map(({ id, description }) => ({ id, description })),
      },
    },
  };
}
