import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { addDays, attentionReasons } from './attention-rules.js';
import { runToolCall } from '../providers/openai-tools.js';
import { DATA_TOOLS } from './data-tools.js';
import { toolContext } from './tool-context.js';
import { findV2moms } from './v2mom-lookup.js';

let app: TestApp;
let recording: string[] | null = null;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  app.orm.config.set('onQuery', (sql: string) => {
    recording?.push(sql);
    return sql;
  });
});
afterAll(() => app?.stop());

const context = () => toolContext(app.orm.em.fork());
/** Arguments that make every tool do its full work (the lookup matches a demo V2MOM). */
const ARGS: Record<string, object> = { find_v2mom: { title: 'Engine' } };

async function statementsPerTool(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const tool of DATA_TOOLS) {
    recording = [];
    const result = JSON.parse(await runToolCall(context(), tool.name, JSON.stringify(ARGS[tool.name] ?? {}))) as object;
    expect(result).not.toHaveProperty('error');
    counts[tool.name] = recording.length;
    recording = null;
  }
  return counts;
}

describe('data tools', () => {
  it('run a fixed number of SQL statements however large the organisation grows', async () => {
    const before = await statementsPerTool();
    const fx = fixtures(app.orm);
    for (let index = 0; index < 15; index++) {
      const v2mom = await fx.v2mom(index % 2 === 0 ? 'member' : 'lead', 'nina', 8);
      await fx.task('nina', v2mom.method.id);
    }
    expect(await statementsPerTool()).toEqual(before);
    for (const count of Object.values(before)) expect(count).toBeGreaterThan(0);
    for (const count of Object.values(before)) expect(count).toBeLessThanOrEqual(2);
  });

  it('find a V2MOM by part of its title, or by a question that contains the whole title', async () => {
    expect((await findV2moms(context(), 'ONBOARDING')).matches.map((match) => match.title)).toEqual(['Customer Onboarding in 30 Days']);
    const question = 'How is the Sales Playbook Refresh going this quarter?';
    expect((await findV2moms(context(), question)).matches.map((match) => match.title)).toEqual(['Sales Playbook Refresh']);
  });

  it('take LIKE wildcards in a search literally, and ignore searches too short to mean anything', async () => {
    expect((await findV2moms(context(), '%%%')).matches).toEqual([]);
    expect((await findV2moms(context(), '___')).matches).toEqual([]);
    expect((await findV2moms(context(), 'in')).matches).toEqual([]);
  });
});

describe('attention rules', () => {
  const today = '2026-12-31';

  it('count days across month and year ends', () => {
    expect(addDays(today, 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('flag at-risk, past-due, and due-soon methods with little progress, and nothing else', () => {
    expect(attentionReasons({ status: 'at_risk', progress: 80, dueDate: null }, today)).toEqual(['at_risk']);
    expect(attentionReasons({ status: 'in_progress', progress: 90, dueDate: '2026-12-30' }, today)).toEqual(['overdue']);
    expect(attentionReasons({ status: 'in_progress', progress: 49, dueDate: '2027-01-30' }, today)).toEqual(['behind']);
    expect(attentionReasons({ status: 'in_progress', progress: 50, dueDate: '2027-01-30' }, today)).toEqual([]);
    expect(attentionReasons({ status: 'not_started', progress: 0, dueDate: '2027-01-31' }, today)).toEqual([]);
    expect(attentionReasons({ status: 'in_progress', progress: 10, dueDate: today }, today)).toEqual(['behind']);
  });
});
