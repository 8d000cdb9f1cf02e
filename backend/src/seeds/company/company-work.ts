import { fiscalQuarterOf, L2_OWNERS, QUARTERS, type TL2Owner, type TMeasureStatus, type TQuarter, type TWorkStatus } from '@v2mom/contracts';
import type { PlannedPeople } from './company-people.js';
import { CHECKED_IN_EVERY, COO_TRACKED_PER_HEAD, PER_V2MOM } from './company-size.js';
import type { Random } from './random.js';

const VISIONS = [
  'Customers in {department} get what they need from us the first time they ask.',
  '{department} runs on numbers everyone trusts and plans everyone knows.',
  'Every team that depends on {department} can plan on what we promise.',
  '{department} grows without growing its costs at the same pace.',
  'People want to join {department} and stay because the work is clear and shared.',
] as const;
const VALUES = [
  'Customers first', 'Say what we will do, then do it', 'Simple over clever', 'Decide with data', 'One team',
  'Own the outcome', 'Learn in the open', 'Security is everyone’s job', 'Fewer things, done well', 'Respect people’s time',
] as const;
const VERBS = ['Launch', 'Automate', 'Reduce', 'Grow', 'Standardise', 'Migrate', 'Simplify', 'Measure', 'Rebuild', 'Expand'] as const;
const OBJECTS = [
  'the onboarding journey', 'the partner pipeline', 'quarterly planning', 'the support backlog', 'renewal rates',
  'the release cadence', 'data quality checks', 'cloud spending', 'the hiring funnel', 'regional pricing',
  'the self-service portal', 'incident response', 'contract turnaround', 'the forecasting model', 'field enablement',
] as const;
const UPDATES = [
  'Pilot running with three teams; feedback is positive.', 'Behind by two weeks: waiting on a vendor contract.',
  'Milestone reached; rolling out to the next region.', 'Scope cut to the essentials to hold the date.',
  'Numbers up on last month; keeping the pace.', 'Blocked on budget approval, escalated.',
] as const;
const OBSTACLES = [
  'Hiring is slower than planned', 'A dependency on another team’s roadmap', 'Legacy tooling nobody owns',
  'Budget frozen until the next review', 'Unclear ownership between regions', 'Data we cannot trust yet',
] as const;
const IMPACTS = ['Slows delivery by a quarter', 'Puts the annual target at risk', 'Adds manual work every week', 'Delays the regional launch'] as const;
const MITIGATIONS = ['Escalated to the leadership meeting', 'Contractors cover the gap', 'Weekly sync with the other team', 'Phased plan agreed'] as const;
const MEASURES = ['Net revenue retention', 'Time to first value', 'Tickets closed within SLA', 'Pipeline coverage', 'Employee engagement score', 'Cost per account'] as const;
const TASKS = ['Draft the plan', 'Book the review', 'Collect the numbers', 'Write the brief', 'Run the workshop', 'Send the update'] as const;

/** Status weights: the check-in methods have all started; the others may not have. */
const STARTED: Readonly<Record<TWorkStatus, number>> = { not_started: 0, in_progress: 60, completed: 15, at_risk: 25 };
const ANY: Readonly<Record<TWorkStatus, number>> = { not_started: 20, in_progress: 50, completed: 12, at_risk: 18 };

export interface PlannedMethod {
  description: string;
  /** Person index; null: Unassigned. */
  owner: number | null;
  status: TWorkStatus;
  progress: number;
  dueDate: string;
  measure: string;
  quarterMeasures: [string, string, string, string];
  quarterGoals: [string, string, string, string];
  currentMeasure: string | undefined;
  update: string | undefined;
  activities: string | null;
  l2Owner: TL2Owner | null;
  forCooTracking: boolean;
  /** Position of an earlier method of the V2MOM it builds on. */
  linksTo: number | null;
  /** Positions in the V2MOM's values (one or two). */
  values: number[];
  checksIn: boolean;
}

export interface PlannedV2mom {
  owner: number;
  title: string;
  quarter: TQuarter;
  vision: string;
  values: string[];
  methods: PlannedMethod[];
  obstacles: Array<{ description: string; owner: number; impact: string; mitigation: string; methods: number[] }>;
  measures: Array<{ description: string; target: string; current: string; status: TMeasureStatus; method: number | null }>;
  tasks: Array<{ title: string; description: string; owner: number; status: TWorkStatus; updates: string | null; method: number | null }>;
}

function progressOf(random: Random, status: TWorkStatus): number {
  if (status === 'not_started') return 0;
  if (status === 'completed') return 100;
  return status === 'in_progress' ? random.int(20, 90) : random.int(5, 45);
}

/** Distinct picks, as many as asked or as there are. */
function distinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const left = [...items];
  const picked: T[] = [];
  while (picked.length < count && left.length > 0) picked.push(...left.splice(Math.floor(random.next() * left.length), 1));
  return picked;
}

export interface WorkContext {
  people: PlannedPeople;
  fiscalYear: number;
  today: Date;
}

/**
 * Who owns a method: in a head's V2MOM, the department's people (the head delegates); in anyone
 * else's, mostly its owner, sometimes a colleague, now and then nobody yet. Always someone of
 * the V2MOM's department, and someone for a method that checks in.
 */
function methodOwner(random: Random, owner: number, colleagues: readonly number[], isHead: boolean, checksIn: boolean): number | null {
  if (isHead || random.chance(0.15)) return random.pick(colleagues);
  return checksIn || random.chance(0.97) ? owner : null;
}

/** `previous`: the method before it in the V2MOM, if any; one that builds on another is not built on (one link deep). */
function planMethod(
  random: Random,
  context: WorkContext,
  v2mom: { owner: number; position: number; colleagues: readonly number[] },
  previous: PlannedMethod | undefined,
): PlannedMethod {
  // A person has one V2MOM: the owner's index is the V2MOM's, which turns the position that checks in.
  const checksIn = (v2mom.owner + v2mom.position) % CHECKED_IN_EVERY === 0;
  const status = random.weighted(checksIn ? STARTED : ANY);
  const target = random.int(2, 40) * 5;
  const isHead = context.people.people[v2mom.owner]?.head ?? false;
  const due = new Date(Date.UTC(context.fiscalYear, 7, 1 + random.int(0, 364)));
  return {
    description: `${random.pick(VERBS)} ${random.pick(OBJECTS)}`,
    owner: methodOwner(random, v2mom.owner, v2mom.colleagues, isHead, checksIn),
    status,
    progress: progressOf(random, status),
    dueDate: due.toISOString().slice(0, 10),
    measure: `${target} by the end of the year`,
    quarterMeasures: [`${target / 5} by Q1`, `${(target * 2) / 5} by Q2`, `${(target * 3) / 5} by Q3`, `${target} by Q4`],
    quarterGoals: ['Plan agreed', 'First results', 'Rolled out', 'Target met'],
    currentMeasure: checksIn ? `${Math.round((target * random.int(0, 100)) / 100)} of ${target}` : undefined,
    update: checksIn ? random.pick(UPDATES) : undefined,
    activities: random.chance(0.3) ? 'Weekly stand-up; monthly review with the sponsor.' : null,
    l2Owner: random.chance(0.3) ? random.pick(L2_OWNERS) : null,
    forCooTracking: isHead && v2mom.position < COO_TRACKED_PER_HEAD,
    linksTo: previous && previous.linksTo === null && random.chance(0.2) ? v2mom.position - 1 : null,
    values: distinct(random, [0, 1, 2].slice(0, PER_V2MOM.values), random.int(1, 2)),
    checksIn,
  };
}

/** The V2MOM of person `owner` (an index in `context.people`) for the fiscal year, with everything in it. */
export function planV2mom(random: Random, context: WorkContext, owner: number): PlannedV2mom {
  const { people, fiscalYear, today } = context;
  const person = people.people[owner];
  if (!person) throw new RangeError(`No person ${owner}`);
  const department = people.departments[person.department] ?? '';
  const colleagues = people.members[person.department] ?? [owner];
  const methods: PlannedMethod[] = [];
  for (let position = 0; position < PER_V2MOM.methods; position += 1) {
    methods.push(planMethod(random, context, { owner, position, colleagues }, methods.at(-1)));
  }
  const ownersOf = (positions: number[]) => positions.map((position) => methods[position]?.owner ?? owner);
  const current = QUARTERS.indexOf(fiscalQuarterOf(today));
  return {
    owner,
    title: person.head ? `${department} FY${fiscalYear}` : `${person.name}: FY${fiscalYear}`,
    quarter: QUARTERS[random.int(0, current)] ?? 'q1',
    vision: random.pick(VISIONS).replace('{department}', department),
    values: distinct(random, VALUES, PER_V2MOM.values),
    methods,
    obstacles: Array.from({ length: PER_V2MOM.obstacles }, () => {
      const linked = distinct(random, [...methods.keys()], random.int(1, 2));
      return {
        description: random.pick(OBSTACLES),
        owner: random.chance(0.5) ? owner : (ownersOf(linked)[0] ?? owner),
        impact: random.pick(IMPACTS),
        mitigation: random.pick(MITIGATIONS),
        methods: linked.sort((a, b) => a - b),
      };
    }),
    measures: Array.from({ length: PER_V2MOM.measures }, () => {
      const target = random.int(1, 20) * 10;
      return {
        description: random.pick(MEASURES),
        target: String(target),
        current: String(random.int(0, target)),
        status: random.weighted<TMeasureStatus>({ on_track: 60, at_risk: 25, achieved: 15 }),
        method: random.chance(0.5) ? random.int(0, methods.length - 1) : null,
      };
    }),
    tasks: Array.from({ length: PER_V2MOM.tasks }, () => {
      const method = random.chance(0.8) ? random.int(0, methods.length - 1) : null;
      return {
        title: random.pick(TASKS),
        description: `A step towards ${department}'s plan.\nReport back at the weekly meeting.`,
        owner: method === null ? owner : (ownersOf([method])[0] ?? owner),
        status: random.weighted<TWorkStatus>({ not_started: 30, in_progress: 40, completed: 20, at_risk: 10 }),
        updates: random.chance(0.3) ? random.pick(UPDATES) : null,
        method,
      };
    }),
  };
}
