import type { TQuarter, TQuarterResults } from '@v2mom/contracts';
import { buildMethod } from './builders';

/**
 * Two COO-tracked methods with a measure, and the server's answer for their quarters
 * (POST /api/quarter-results) at a `now` in Q2 of fiscal 2026: Q1 has ended, one method reviewed
 * `Partly met`, the other not reviewed; Q2 and later have not ended.
 */
const owner = { id: 4, name: 'Morgan Diaz', active: true };
const V2MOM = { id: 10, title: 'Brand', year: 2026, owner };
export const WEBINARS = buildMethod({
  id: 100, v2momId: 10, description: 'Run the webinars', forCooTracking: true, progress: 80, q1Goal: 'Series agreed',
  measure: 'MQLs', q3Measure: '400 MQLs', currentMeasure: '310 MQLs', v2mom: V2MOM,
});
export const EVENTS = buildMethod({ id: 101, v2momId: 10, description: 'Co-host events', forCooTracking: true, progress: 40, measure: 'Events', v2mom: V2MOM });
export const SERVER_NOW = '2027-01-25T09:00:00.000Z';
const STAMP = '2026-11-05T09:00:00.000Z';

/** The server's answer for `body.quarter`, of the methods `body.methodIds` names (both, when it names none). */
export function quarterResults(body: { quarter: TQuarter; methodIds?: number[] }): TQuarterResults {
  const ended = body.quarter === 'q1';
  const results = allResults(body.quarter, ended);
  return { ...results, methods: results.methods.filter((result) => body.methodIds?.includes(result.methodId) ?? true) };
}

function allResults(quarter: TQuarter, ended: boolean): TQuarterResults {
  return {
    year: 2026,
    quarter,
    endsAt: '2026-11-01T00:00:00.000Z',
    ended,
    methods: [
      {
        methodId: 100,
        goal: 'Series agreed',
        measure: '150 MQLs',
        atEnd: { progress: 35, status: 'at_risk', currentMeasure: '120 MQLs' },
        review: {
          id: 1, version: 1, methodId: 100, year: 2026, quarter: 'q1', result: 'partly_met', reflection: 'Two of three sessions ran',
          goal: 'Series agreed', measure: '150 MQLs', progress: 35, status: 'at_risk', currentMeasure: '120 MQLs',
          reviewedBy: owner, reviewedAt: STAMP, updatedBy: owner, updatedAt: STAMP,
        },
      },
      { methodId: 101, goal: null, measure: null, atEnd: { progress: 20, status: 'in_progress', currentMeasure: null }, review: null },
    ],
  };
}
