import type { Agent } from 'node:http';
import { LIVE_EVENTS, type TFieldConflict, type TV2momComplete, type TV2momDocument, type TV2momDocumentSaved } from '@v2mom/contracts';
import type { LiveClient } from '../src/test/live-client.js';
import { send } from './load.js';

/**
 * One person in the soak (soak.bench.ts): edits random fields of one V2MOM as the form does. It
 * keeps a base copy of every row, refreshed from the live events and from its own answers by
 * version (a newer row replaces an older one), and sends each edit on the version the row had
 * when the person started typing: the document save (onConflict 'report', every item with its
 * base version and every field) or the item's own PUT.
 */

type SoakEntity = 'v2mom' | 'value' | 'method' | 'obstacle';

/** One field of one row: `value:12:description`. */
type FieldKey = `${SoakEntity}:${number}:${string}`;

interface BaseRow {
  version: number;
  fields: Record<string, string>;
}

/** A field change the server acknowledged: stored with this row version. */
export interface Acknowledged {
  key: FieldKey;
  value: string;
  version: number;
  /** ms since the soak started */
  at: number;
  by: string;
}

export interface EditorCounts {
  writes: number;
  /** Applied although others had written the row since its base version: the server merged. */
  merged: number;
  /** Fields refused because another changed them to something else since the base. */
  conflicts: number;
  serverErrors: number;
  /** Other refusals (4xx): the soak sends only valid edits, so each one is a finding. */
  refused: number;
  events: number;
}

/** The fields the soak edits, per row kind; all text. */
const EDITED_FIELDS: Record<SoakEntity, readonly string[]> = {
  v2mom: ['title', 'vision'],
  value: ['description'],
  method: ['description'],
  obstacle: ['description'],
};

const ITEM_PATHS = { value: '/api/values', method: '/api/methods', obstacle: '/api/obstacles' } as const;
const LISTS = { value: 'values', method: 'methods', obstacle: 'obstacles' } as const;

const randomInt = (below: number) => Math.floor(Math.random() * below);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every edited field of a stored document, row by row. */
export function documentRows(document: TV2momComplete): Map<string, BaseRow & { entity: SoakEntity; id: number }> {
  const rows = new Map<string, BaseRow & { entity: SoakEntity; id: number }>();
  const add = (entity: SoakEntity, row: { id: number; version: number } & Record<string, unknown>) =>
    rows.set(`${entity}:${row.id}`, {
      entity,
      id: row.id,
      version: row.version,
      fields: Object.fromEntries(EDITED_FIELDS[entity].map((field) => [field, String(row[field] ?? '')])),
    });
  add('v2mom', document);
  for (const entity of ['value', 'method', 'obstacle'] as const) for (const row of document[LISTS[entity]]) add(entity, row);
  return rows;
}

export class SoakEditor {
  readonly counts: EditorCounts = { writes: 0, merged: 0, conflicts: 0, serverErrors: 0, refused: 0, events: 0 };
  readonly acknowledged: Acknowledged[] = [];
  readonly refusals: string[] = [];
  readonly #base: ReturnType<typeof documentRows>;
  readonly #document: TV2momComplete;
  #sequence = 0;

  constructor(
    readonly name: string,
    private readonly connection: { agent: Agent; port: number; cookie: string; socket: LiveClient; started: number },
    document: TV2momComplete,
  ) {
    this.#document = document;
    this.#base = documentRows(document);
    connection.socket.on(LIVE_EVENTS.entityChanged, (events) => {
      for (const event of events) {
        if (event.v2momId !== document.id || !('row' in event)) continue;
        this.counts.events++;
        if (event.entity === 'v2mom' || event.entity === 'value' || event.entity === 'method' || event.entity === 'obstacle') {
          this.#refresh(event.entity, event.row as unknown as { id: number; version: number } & Record<string, unknown>);
        }
      }
    });
  }

  /** Edits until `until` (performance.now()), one field at a time, with a typing pause. */
  async run(until: number): Promise<void> {
    while (performance.now() < until) {
      const rows = [...this.#base.values()];
      const row = rows[randomInt(rows.length)];
      if (!row) throw new Error('Nothing to edit');
      const fields = EDITED_FIELDS[row.entity];
      const field = fields[randomInt(fields.length)] as string;
      const startVersion = row.version;
      // Typing: others' writes land meanwhile, so the base this edit started on goes stale.
      await pause(10 + randomInt(120));
      const value = `${this.name} ${++this.#sequence}`;
      const useDocument = row.entity === 'v2mom' || Math.random() < 0.5;
      if (useDocument) await this.#saveDocument(row.entity, row.id, field, value, startVersion);
      else await this.#putItem(row.entity as Exclude<SoakEntity, 'v2mom'>, row.id, field, value, startVersion);
    }
  }

  #refresh(entity: SoakEntity, row: { id: number; version: number } & Record<string, unknown>): void {
    const base = this.#base.get(`${entity}:${row.id}`);
    if (!base || row.version <= base.version) return;
    base.version = row.version;
    for (const field of EDITED_FIELDS[entity]) base.fields[field] = String(row[field] ?? '');
  }

  #row(entity: SoakEntity, id: number): BaseRow {
    const row = this.#base.get(`${entity}:${id}`);
    if (!row) throw new Error(`No base for ${entity} ${id}`);
    return row;
  }

  /** The whole document from the base copy, with the one edit and the edited row's starting version. */
  #documentBody(entity: SoakEntity, id: number, field: string, value: string, startVersion: number): TV2momDocument {
    const item = (kind: SoakEntity, itemId: number) => {
      const row = this.#row(kind, itemId);
      const edited = kind === entity && itemId === id;
      return {
        id: itemId,
        version: edited ? startVersion : row.version,
        description: edited ? value : (row.fields.description ?? ''),
      };
    };
    const own = this.#row('v2mom', this.#document.id);
    const ownEdited = entity === 'v2mom';
    return {
      version: ownEdited ? startVersion : own.version,
      onConflict: 'report',
      title: ownEdited && field === 'title' ? value : (own.fields.title ?? ''),
      vision: ownEdited && field === 'vision' ? value : (own.fields.vision ?? ''),
      year: this.#document.year,
      quarter: this.#document.quarter,
      values: this.#document.values.map((row) => item('value', row.id)),
      methods: this.#document.methods.map((row) => item('method', row.id)),
      obstacles: this.#document.obstacles.map((row) => item('obstacle', row.id)),
    };
  }

  async #saveDocument(entity: SoakEntity, id: number, field: string, value: string, startVersion: number): Promise<void> {
    const body = this.#documentBody(entity, id, field, value, startVersion);
    const answer = await this.#send('PUT', `/api/v2moms/${this.#document.id}/complete`, body);
    if (answer.status !== 200) return this.#refused(answer);
    const saved = JSON.parse(answer.body) as TV2momDocumentSaved;
    this.#refresh('v2mom', saved);
    for (const kind of ['value', 'method', 'obstacle'] as const) for (const row of saved[LISTS[kind]]) this.#refresh(kind, row);
    this.counts.conflicts += saved.merge.conflicts.length;
    const applied = saved.merge.applied.some((entry) => entry.entity === entity && entry.id === id && entry.fields.includes(field));
    if (!applied) return;
    const stored = entity === 'v2mom' ? saved : saved[LISTS[entity]].find((row) => row.id === id);
    if (!stored) throw new Error(`${entity} ${id} is missing from the save's answer`);
    this.#acknowledge(entity, id, field, value, stored.version, startVersion);
  }

  async #putItem(entity: Exclude<SoakEntity, 'v2mom'>, id: number, field: string, value: string, startVersion: number): Promise<void> {
    const answer = await this.#send('PUT', `${ITEM_PATHS[entity]}/${id}`, { version: startVersion, [field]: value });
    if (answer.status === 409) {
      const { fields } = JSON.parse(answer.body) as { fields?: TFieldConflict[] };
      this.counts.conflicts += Math.max(1, fields?.length ?? 0);
      return;
    }
    if (answer.status !== 200) return this.#refused(answer);
    const row = JSON.parse(answer.body) as { id: number; version: number } & Record<string, unknown>;
    this.#refresh(entity, row);
    this.#acknowledge(entity, id, field, value, row.version, startVersion);
  }

  #acknowledge(entity: SoakEntity, id: number, field: string, value: string, version: number, startVersion: number): void {
    // The write itself made one version; more than one since the base means others wrote the row meanwhile.
    if (version - startVersion > 1) this.counts.merged++;
    this.acknowledged.push({ key: `${entity}:${id}:${field}`, value, version, at: performance.now() - this.connection.started, by: this.name });
  }

  async #send(method: string, path: string, body: object) {
    this.counts.writes++;
    const { agent, port, cookie } = this.connection;
    const answer = await send(agent, port, method, path, cookie, body);
    if (answer.status >= 500) this.counts.serverErrors++;
    return answer;
  }

  #refused(answer: { status: number; body: string }): void {
    if (answer.status < 500) this.counts.refused++;
    if (this.refusals.length < 5) this.refusals.push(`${this.name}: ${answer.status} ${answer.body.slice(0, 600)}`);
  }
}
