/** A method's measures, by column: it has a measure when any holds more than blanks (contracts' `hasAnyMeasure`). */
export const METHOD_MEASURE_COLUMNS = ['measure', 'current_measure', 'q1_measure', 'q2_measure', 'q3_measure', 'q4_measure'] as const;

/**
 * `anyMeasure` (methods/method-page.read.ts) in SQL, of the method row in scope: the measured
 * indexes' predicate, spelled alike so PostgreSQL sees the one imply the other, and what the
 * tallies' triggers count as measured.
 */
export const HAS_MEASURE_SQL = METHOD_MEASURE_COLUMNS.map((column) => `btrim("${column}") <> ''`).join(' or ');
