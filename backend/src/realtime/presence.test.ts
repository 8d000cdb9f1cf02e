import { LIVE_EVENTS, ZPresenceEventSchema, type TPresenceEvent } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, startLiveTestBed, type LiveClient, type LiveTestBed } from '../test/live-client.js';
import { presenceMembers } from './presence.js';
import { COMMAND_ERRORS } from './socket-commands.js';

let bed: LiveTestBed;
let fx: Fixtures;

beforeAll(async () => {
  bed = await startLiveTestBed();
  fx = fixtures(bed.app.orm);
});
afterAll(() => bed.stop());

async function tab(username: 'admin' | 'member' | 'viewer'): Promise<{ client: LiveClient; presence: EventLog<typeof LIVE_EVENTS.presenceChanged> }> {
  const client = await bed.connect(username);
  return { client, presence: new EventLog(client, LIVE_EVENTS.presenceChanged) };
}

const names = (event: TPresenceEvent) => event.members.map((member) => `${member.name}:${member.mode}`);
const on = (v2momId: number, expected: string[]) => (event: TPresenceEvent) =>
  event.v2momId === v2momId && JSON.stringify(names(event)) === JSON.stringify(expected);

describe('presence on a V2MOM', () => {
  it('answers a join with who is there and tells the others, live, as people join, edit (down to the field) and leave', async () => {
    const v2mom = await fx.v2mom('member');
    const admin = await tab('admin');
    const joined = await admin.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' });
    expect(joined).toEqual({ data: { v2momId: v2mom.id, members: [expect.objectContaining({ name: 'Avery Admin', mode: 'viewing' })] } });
    expect(ZPresenceEventSchema.parse('data' in joined ? joined.data : null).members[0]).toMatchObject({ userId: await fx.userId('admin'), item: null });

    const member = await tab('member');
    await member.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'editing' });
    await admin.presence.next(on(v2mom.id, ['Avery Admin:viewing', 'Morgan Diaz:editing']));
    // The one who joined has the list as its answer, not as an event.
    expect(member.presence.received).toEqual([]);

    const item = { entity: 'method', key: String(v2mom.method.id), field: 'measure' } as const;
    expect(await member.client.emitWithAck(LIVE_EVENTS.focusItem, { v2momId: v2mom.id, item })).toEqual({ data: null });
    const focused = await admin.presence.next((event) => event.members.some((m) => m.item?.key === item.key));
    expect(focused.members.find((m) => m.name === 'Morgan Diaz')?.item).toEqual(item);

    expect(await member.client.emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: v2mom.id })).toEqual({ data: null });
    await admin.presence.next(on(v2mom.id, ['Avery Admin:viewing']));
  });

  it('shows one entry per person, editing over viewing, and drops a closed tab', async () => {
    const v2mom = await fx.v2mom('member');
    const admin = await tab('admin');
    await admin.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' });
    const viewingTab = await tab('member');
    const editingTab = await tab('member');
    await viewingTab.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' });
    await editingTab.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'editing' });
    await admin.presence.next(on(v2mom.id, ['Avery Admin:viewing', 'Morgan Diaz:editing']));

    editingTab.client.disconnect();
    await admin.presence.next(on(v2mom.id, ['Avery Admin:viewing', 'Morgan Diaz:viewing']));
    viewingTab.client.disconnect();
    await admin.presence.next(on(v2mom.id, ['Avery Admin:viewing']));
  });

  it('keeps each V2MOM to its room: someone only on another V2MOM hears nothing of this one', async () => {
    const [first, second] = [await fx.v2mom('member'), await fx.v2mom('admin')];
    const elsewhere = await tab('viewer');
    await elsewhere.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: second.id, mode: 'viewing' });
    const member = await tab('member');
    await member.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: first.id, mode: 'editing' });
    // Then something on the second V2MOM, which the viewer must hear after anything about the first.
    const admin = await tab('admin');
    await admin.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: second.id, mode: 'viewing' });

    await elsewhere.presence.next(on(second.id, ['Avery Admin:viewing', 'Val Ortiz:viewing']));
    expect(elsewhere.presence.received.filter((event) => event.v2momId === first.id)).toEqual([]);
  });
});

describe('refused commands', () => {
  it('refuses to join a V2MOM that does not exist', async () => {
    const { client } = await tab('member');
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: 999_999, mode: 'viewing' })).toEqual({ error: COMMAND_ERRORS.notFound });
  });

  it('refuses a read-only user who asks to be shown as editing', async () => {
    const v2mom = await fx.v2mom('member');
    const { client } = await tab('viewer');
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'editing' })).toEqual({ error: COMMAND_ERRORS.mayNotEdit });
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' })).toHaveProperty('data');
  });

  it('shows as editing only someone who may edit the V2MOM: its owner or manage_structure, as its save requires', async () => {
    const adminsV2mom = await fx.v2mom('admin');
    const watcher = await tab('admin');
    await watcher.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: adminsV2mom.id, mode: 'viewing' });
    const { client } = await tab('member');

    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: adminsV2mom.id, mode: 'editing' })).toEqual({ error: COMMAND_ERRORS.mayNotEdit });
    expect(client.connected).toBe(true);
    // Viewing someone else's V2MOM stays open to every signed-in user.
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: adminsV2mom.id, mode: 'viewing' })).toHaveProperty('data');
    await watcher.presence.next(on(adminsV2mom.id, ['Avery Admin:viewing', 'Morgan Diaz:viewing']));
    expect(watcher.presence.received.some((event) => names(event).includes('Morgan Diaz:editing'))).toBe(false);

    // manage_structure edits anyone's V2MOM.
    const membersV2mom = await fx.v2mom('member');
    expect(await watcher.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: membersV2mom.id, mode: 'editing' })).toHaveProperty('data');
  });

  it('answers a malformed payload with what is wrong, and stays connected', async () => {
    const { client } = await tab('member');
    // Sent through an untyped view: these are what a broken or hostile client could send.
    const raw = client as unknown as { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
    const refused = [
      await raw.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: 'seven', mode: 'viewing' }),
      await raw.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: 7 }),
      await raw.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: 7, mode: 'viewing', role: 'admin' }),
      await raw.emitWithAck(LIVE_EVENTS.joinV2mom),
      await raw.emitWithAck(LIVE_EVENTS.focusItem, { v2momId: 7, item: { entity: 'planet', key: 'x' } }),
    ];
    expect(refused).toEqual([
      { error: expect.stringMatching(/^Invalid v2mom:join: v2momId: /) },
      { error: expect.stringMatching(/^Invalid v2mom:join: mode: /) },
      { error: expect.stringMatching(/^Invalid v2mom:join: .*role/) },
      { error: expect.stringMatching(/^Invalid v2mom:join: payload: /) },
      { error: expect.stringMatching(/^Invalid presence:focus: item\.entity: /) },
    ]);
    expect(client.connected).toBe(true);
  });

  it('tolerates a command sent without an acknowledgement', async () => {
    const v2mom = await fx.v2mom('member');
    const watcher = await tab('admin');
    await watcher.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' });
    const { client } = await tab('member');
    const raw = client as unknown as { emit(event: string, ...args: unknown[]): void };
    raw.emit(LIVE_EVENTS.joinV2mom, { v2momId: 'bad' });
    raw.emit(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' });
    await watcher.presence.next(on(v2mom.id, ['Avery Admin:viewing', 'Morgan Diaz:viewing']));
    expect(client.connected).toBe(true);
  });

  it('asks for a join before a focus', async () => {
    const v2mom = await fx.v2mom('member');
    const { client } = await tab('member');
    const item = { entity: 'value', key: '1' } as const;
    expect(await client.emitWithAck(LIVE_EVENTS.focusItem, { v2momId: v2mom.id, item })).toEqual({ error: COMMAND_ERRORS.notJoined });
  });

  it('slows down a socket that sends more commands per second than allowed', async () => {
    const v2mom = await fx.v2mom('member');
    const { client } = await tab('member');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: v2mom.id })),
    );
    expect(answers.filter((answer) => 'data' in answer)).toHaveLength(20);
    expect(answers.filter((answer) => 'error' in answer)).toEqual(Array(10).fill({ error: COMMAND_ERRORS.tooFast }));
  });
});

describe('presenceMembers', () => {
  const user = (id: number, name: string) => ({ id, name, avatarUrl: null, department: 'COO', role: 'user' as const, capabilities: [] });
  it('merges tabs per person, editing over viewing, with the item an editing tab focused, sorted by name', () => {
    const item = { entity: 'method' as const, key: '4' };
    const members = presenceMembers(
      [
        { user: user(2, 'Zoe'), presence: { 9: { mode: 'viewing', item: null } } },
        { user: user(1, 'Ann'), presence: { 9: { mode: 'viewing', item } } },
        { user: user(2, 'Zoe'), presence: { 9: { mode: 'editing', item } } },
        { user: user(3, 'Bob'), presence: { 8: { mode: 'editing', item: null } } },
      ],
      9,
    );
    expect(members).toEqual([
      { userId: 1, name: 'Ann', avatarUrl: null, mode: 'viewing', item: null },
      { userId: 2, name: 'Zoe', avatarUrl: null, mode: 'editing', item },
    ]);
  });
});
