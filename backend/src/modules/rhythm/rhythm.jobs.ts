import type { EntityManager } from '@mikro-orm/core';
import { checkInTimeAtOrBefore, digestTimeAtOrBefore } from '@v2mom/contracts';
import type { RecurringJob } from '../../jobs/job-queue.js';
import { writeRows } from '../read-db.js';
import { loadRhythm } from './rhythm.service.js';
import type { RhythmRunKind } from './rhythm-run.entity.js';
import type { Rhythm } from './rhythm.entity.js';

/**
 * How late a run may still happen: servers stopped over a check-in time send its reminders when
 * they are back within this, and not a week-old reminder after a long outage.
 */
const CATCH_UP_MS = 6 * 60 * 60 * 1000;

/** What a run did: the people it notified, to be told their unread count once it committed. */
export interface RunResult {
  notified: number[];
  emails: number;
}

/** The work of one run, inside its transaction. */
type RunWork = (em: EntityManager, rhythm: Rhythm, dueAt: Date) => Promise<RunResult>;

export interface RhythmRuns {
  checkIn: RunWork;
  meetingDigest: RunWork;
}

/**
 * Does a run once for good: its row and everything it wrote commit together. A second server, a
 * retry, or a restart that starts the same run waits on the row's key, then finds it taken and
 * does nothing; a run killed midway leaves nothing, and the next pass does it whole.
 */
async function runOnce(em: EntityManager, kind: RhythmRunKind, dueAt: Date, doneAt: Date, rhythm: Rhythm, work: RunWork): Promise<RunResult | null> {
  return em.transactional(async (tx) => {
    const claimed = await writeRows(tx, (db) =>
      db.insertInto('rhythm_run').values({ kind, due_at: dueAt, done_at: doneAt, people: 0 }).onConflict((conflict) => conflict.doNothing()).returning('kind'),
    );
    if (claimed.length === 0) return null;
    const result = await work(tx, rhythm, dueAt);
    await writeRows(tx, (db) => db.updateTable('rhythm_run').set({ people: result.notified.length }).where('kind', '=', kind).where('due_at', '=', dueAt));
    return result;
  });
}

/**
 * One pass of the rhythm (docs/PRODUCT.md#rhythm), every minute: the check-in time and the
 * meeting digest's time that passed last, each run once if it passed after the rhythm was last
 * set and not too long ago. Answers what the runs did.
 */
async function runDueRhythm(em: EntityManager, now: Date, runs: RhythmRuns): Promise<RunResult[]> {
  const rhythm = await loadRhythm(em);
  const due = (time: Date) => time > rhythm.updatedAt && now.getTime() - time.getTime() <= CATCH_UP_MS;
  const results: RunResult[] = [];
  const passes = [
    ['check_in', checkInTimeAtOrBefore(rhythm, now), runs.checkIn],
    ['meeting_digest', digestTimeAtOrBefore(rhythm, now), runs.meetingDigest],
  ] as const;
  for (const [kind, time, work] of passes) {
    if (!due(time)) continue;
    const result = await runOnce(em, kind, time, now, rhythm, work);
    if (result) results.push(result);
  }
  return results;
}

const RHYTHM_JOB = 'rhythm';

/** The rhythm's pass as a recurring job; `after` tells people and sends the email once a run committed. */
export function rhythmJob(fork: () => EntityManager, runs: RhythmRuns, after: (results: RunResult[]) => Promise<void>): RecurringJob {
  return {
    name: RHYTHM_JOB,
    cron: '* * * * *',
    async run(now) {
      const results = await runDueRhythm(fork(), now, runs);
      if (results.length > 0) await after(results);
    },
  };
}
