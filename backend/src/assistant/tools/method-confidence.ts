import { selectRows } from '../../modules/read-db.js';
import { isoTimestamp } from '../../modules/shared/read-rows.js';
import { findMethods } from './method-lookup.js';
import type { ToolContext } from './tool-context.js';

/** One check-in that gave a confidence: when, by whom, the value after and before, and why it fell. */
interface ConfidencePoint {
  at: string | null;
  author: string | null;
  confidence: number;
  previous: number | null;
  reason: string | null;
}

interface MethodConfidence {
  id: number;
  description: string;
  confidence: number | null;
  previousConfidence: number | null;
  /** Newest first, at most `HISTORY_LIMIT`. */
  history: ConfidencePoint[];
}

export interface MethodConfidenceFacts {
  search: string;
  methods: MethodConfidence[];
}

const HISTORY_LIMIT = 12;

/**
 * The confidence of the methods a search finds (docs/PRODUCT.md#confidence): now, before its last
 * change, and its latest check-ins that gave one, with the reasons given for drops. Two statements
 * whatever the history's length: the look-up, then each method's newest check-ins ranked in SQL.
 */
export async function methodConfidence(context: ToolContext, search: { id?: number | undefined; text?: string | undefined }): Promise<MethodConfidenceFacts> {
  const found = await findMethods(context, search);
  const ids = found.matches.map((method) => method.id);
  const rows =
    ids.length === 0
      ? []
      : await selectRows(context.em, (db) =>
          db
            .selectFrom((eb) =>
              eb
                .selectFrom('check_in as c')
                .leftJoin('user as u', 'u.id', 'c.author_id')
                .select((eb) => [
                  'c.method_id',
                  isoTimestamp(eb.ref('c.at')).as('at'),
                  'u.name as author',
                  eb.ref('c.confidence').$notNull().as('confidence'),
                  'c.prev_confidence',
                  'c.confidence_reason',
                  eb
                    .fn.agg<number>('row_number')
                    .over((over) => over.partitionBy('c.method_id').orderBy('c.at', (order) => order.desc().nullsLast()).orderBy('c.id', 'desc'))
                    .as('rank'),
                ])
                .where('c.method_id', 'in', ids)
                .where('c.confidence', 'is not', null)
                .as('h'),
            )
            .selectAll()
            .where('h.rank', '<=', HISTORY_LIMIT)
            .orderBy('h.method_id')
            .orderBy('h.rank'),
        );
  return {
    search: found.search,
    methods: found.matches.map((method) => ({
      id: method.id,
      description: method.description,
      confidence: method.confidence,
      previousConfidence: method.previousConfidence,
      history: rows
        .filter((row) => row.method_id === method.id)
        .map((row) => ({
          at: row.at,
          author: row.author,
          confidence: row.confidence,
          previous: row.prev_confidence,
          reason: row.confidence_reason,
        })),
    })),
  };
}
