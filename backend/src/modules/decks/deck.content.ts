import type { EntityManager } from '@mikro-orm/core';
import {
  COO_VIEW_DECK_TITLE,
  fiscalQuarterBounds,
  fiscalYearOf,
  meetingTimeAtOrBefore,
  quarterEndFigures,
  TREND_LIMITS,
  withValuesAt,
  type TCompanyFields,
  type TMethodListItem,
  type TQuarter,
  type TWorkStatus,
} from '@v2mom/contracts';
import { asOfInstant, cooTrackedValuesAt } from '../checkins/as-of.read.js';
import { methodTrends } from '../checkins/check-ins.service.js';
import { loadCompany } from '../company/company.service.js';
import { readMethods } from '../methods/method.read.js';
import { pastQuarterOf, type PastQuarter } from '../quarter-reviews/quarter-reviews.service.js';
import { loadRhythm } from '../rhythm/rhythm.service.js';
import { EVERYONE } from '../v2moms/draft-readers.js';
import { getV2momComplete } from '../v2moms/v2moms.service.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';

const WEEK_MS = 7 * 86_400_000;

/** A day on the company's clock, as the deck writes it: 'Mon 23 Nov', '23 Nov', '23 November 2026'. */
const DAY_FORMATS = {
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
  short: { day: 'numeric', month: 'short' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

function companyDate(time: Date | string, timeZone: string, format: keyof typeof DAY_FORMATS): string {
  return new Intl.DateTimeFormat('en-GB', { ...DAY_FORMATS[format], timeZone }).format(new Date(time));
}

/** One method's row of the deck's table (docs/PRODUCT.md#deck). */
export interface DeckMethod {
  description: string;
  owner: string;
  status: TWorkStatus;
  goal: string | null;
  currentMeasure: string | null;
  progress: number;
  /** Its progress at the last COO meeting time (before a past quarter's end), from its check-ins. */
  progressAtMeeting: number;
}

interface DeckChartSeries {
  name: string;
  values: number[];
}

/** What a deck says, before it is laid out on slides. */
export interface DeckContent {
  company: TCompanyFields;
  title: string;
  year: number;
  quarter: TQuarter;
  /** Whether it shows a quarter that has ended, as it ended (the COO View's deck of a past quarter). */
  asItEnded: boolean;
  /** The day it shows the methods as of, when not today (docs/PRODUCT.md#as-of): '2 December 2026'. */
  asOf: string | null;
  /** The day it was made, on the company's clock. */
  madeOn: string;
  /** A V2MOM's vision and values; the COO View has none. */
  vision: { text: string; values: string[] } | null;
  methods: DeckMethod[];
  /** The last COO meeting, as the change column's heading names it. */
  meetingDay: string;
  obstacles: string[];
  chart: { title: string; weekEnds: string[]; series: DeckChartSeries[] };
}

interface Clock {
  now: Date;
  timeZone: string;
}

/** The weeks of the quarter so far, as `methodTrends` counts them: at least the week ending at its end or now. */
function quarterWeeks(year: number, quarter: TQuarter, now: Date): { end: Date; weeks: number } {
  const { start, end } = fiscalQuarterBounds(year, quarter);
  const last = now < end ? now : end;
  const weeks = Math.ceil((last.getTime() - start.getTime()) / WEEK_MS);
  return { end: last, weeks: Math.min(Math.max(weeks, 1), TREND_LIMITS.weeks.max) };
}

const average = (values: readonly number[]) => (values.length === 0 ? 0 : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length));

/** What a method's row says of the quarter: as it ended for a past quarter (docs/PRODUCT.md#quarter-review), else today's values. */
function quarterFigures(method: TMethodListItem, quarter: TQuarter, past: PastQuarter | null) {
  const outcome = past?.methods.get(method.id);
  if (outcome) return quarterEndFigures(outcome);
  return { status: method.status, goal: method[`${quarter}Goal`], currentMeasure: method.currentMeasure, progress: method.progress };
}

/**
 * The methods' rows and weekly progress: two statements whatever their number, one for the
 * quarter's weeks and one for the last meeting time (the trends' own reading of the check-ins).
 */
async function methodsProgress(
  em: EntityManager,
  methods: readonly TMethodListItem[],
  { year, quarter, past }: { year: number; quarter: TQuarter; past: PastQuarter | null },
  clock: Clock,
  meeting: Date,
) {
  const methodIds = methods.map((method) => method.id);
  const { end, weeks } = quarterWeeks(year, quarter, clock.now);
  const overQuarter = await methodTrends(em, { methodIds, weeks }, end);
  const atMeeting = await methodTrends(em, { methodIds, weeks: 1 }, meeting);
  const meetingProgress = new Map(atMeeting.methods.map((trend) => [trend.methodId, trend.points[0]?.progress ?? 0]));
  const weekly = new Map(overQuarter.methods.map((trend) => [trend.methodId, trend.points.map((point) => point.progress)]));
  const progressOf = (method: TMethodListItem) => quarterFigures(method, quarter, past).progress;
  const rows = methods.map((method): DeckMethod => {
    const { status, goal, currentMeasure, progress } = quarterFigures(method, quarter, past);
    return {
      description: method.description,
      owner: method.owner?.name ?? 'Unassigned',
      status,
      goal,
      currentMeasure,
      progress,
      progressAtMeeting: meetingProgress.get(method.id) ?? progress,
    };
  });
  const weekEnds = overQuarter.weekEnds.map((at) => companyDate(at, clock.timeZone, 'short'));
  return { rows, weekEnds, weekly: (method: TMethodListItem) => weekly.get(method.id) ?? weekEnds.map(() => progressOf(method)), progressOf };
}

/**
 * The company, the clock it is read at (now, or the end of a day shown), and the last COO meeting at
 * or before `meetingBy` (that instant, or a past quarter's end).
 */
async function companyAndClock(em: EntityManager, now: Date, readAt = now, meetingBy = readAt) {
  const company = await loadCompany(em);
  const rhythm = await loadRhythm(em);
  const clock: Clock = { now: readAt, timeZone: rhythm.timeZone };
  const meeting = meetingTimeAtOrBefore(rhythm, meetingBy);
  return {
    company: { name: company.name, primaryColour: company.primaryColour, accentColour: company.accentColour },
    clock,
    meeting,
    madeOn: companyDate(now, rhythm.timeZone, 'long'),
    meetingDay: companyDate(meeting, rhythm.timeZone, 'weekday'),
  };
}

/** A V2MOM's deck: its own quarter, its methods in order, one chart line per method; 404 for a draft the viewer may not read. */
export async function v2momDeckContent(em: EntityManager, id: number, viewer: Viewer, now: Date): Promise<DeckContent> {
  const v2mom = await getV2momComplete(em, id, viewer);
  const { company, clock, meeting, madeOn, meetingDay } = await companyAndClock(em, now);
  const progress = await methodsProgress(em, v2mom.methods, { year: v2mom.year, quarter: v2mom.quarter, past: null }, clock, meeting);
  return {
    company,
    title: v2mom.title,
    year: v2mom.year,
    quarter: v2mom.quarter,
    asItEnded: false,
    asOf: null,
    madeOn,
    vision: { text: v2mom.vision, values: v2mom.values.map((value) => value.description) },
    methods: progress.rows,
    meetingDay,
    obstacles: v2mom.obstacles.map((obstacle) => obstacle.description),
    chart: {
      title: 'Progress over the quarter, per method (%)',
      weekEnds: progress.weekEnds,
      series: v2mom.methods.map((method) => ({ name: method.description, values: progress.weekly(method) })),
    },
  };
}

/** The COO-tracked methods everyone reads (a deck is shown to a room), as they are now or as they were at the end of the day `asOf` (docs/PRODUCT.md#as-of). */
async function cooTrackedMethods(em: EntityManager, now: Date, asOf: Date | null): Promise<TMethodListItem[]> {
  const methods = await readMethods(em, { forCooTracking: true, viewer: EVERYONE }, now);
  if (!asOf) return methods;
  const values = await cooTrackedValuesAt(em, asOf);
  return methods.flatMap((method) => {
    const then = values.get(method.id);
    return then ? [withValuesAt(method, then)] : [];
  });
}

/**
 * The COO View's deck for a quarter of this fiscal year: the tracked methods, one chart line per
 * department (their average). A quarter that has ended shows what the COO View shows of it: each
 * method as it ended, and its change over the last meeting before that end. As of a day, it shows
 * the methods of that day with their values then, its weeks and meeting up to that day's end.
 */
export async function cooViewDeckContent(em: EntityManager, quarter: TQuarter, now: Date, asOf?: string): Promise<DeckContent> {
  const at = asOf === undefined ? null : await asOfInstant(em, asOf, now);
  const methods = await cooTrackedMethods(em, now, at);
  const past = at ? null : await pastQuarterOf(em, quarter, methods.map((method) => method.id), now);
  const { company, clock, meeting, madeOn, meetingDay } = await companyAndClock(em, now, at ?? now, past?.endsAt);
  const year = fiscalYearOf(now);
  const progress = await methodsProgress(em, methods, { year, quarter, past }, clock, meeting);
  const byDepartment = new Map<string, TMethodListItem[]>();
  for (const method of methods) {
    const department = method.owner?.department ?? 'Unassigned';
    byDepartment.set(department, [...(byDepartment.get(department) ?? []), method]);
  }
  const obstacles = new Map(methods.flatMap((method) => method.obstacles.map((obstacle) => [obstacle.id, obstacle.description] as const)));
  return {
    company,
    title: COO_VIEW_DECK_TITLE,
    year,
    quarter,
    asItEnded: past !== null,
    asOf: at && companyDate(new Date(at.getTime() - 1), clock.timeZone, 'long'),
    madeOn,
    vision: null,
    methods: progress.rows,
    meetingDay,
    obstacles: [...obstacles.values()],
    chart: {
      title: 'Progress over the quarter, per department (average %)',
      weekEnds: progress.weekEnds,
      series: [...byDepartment].map(([department, members]) => ({
        name: department,
        values: progress.weekEnds.map((_, week) => average(members.map((method) => progress.weekly(method)[week] ?? progress.progressOf(method)))),
      })),
    },
  };
}
