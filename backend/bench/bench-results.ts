import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The one results format every benchmark writes (`<package>/bench/results/<bench>.json`), which
 * report.ts collects into docs/PERFORMANCE.md: a name, a title and the headline figures, each
 * beside its target; whatever else a benchmark writes next to them is its own detail.
 */

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** The target as a reader would say it ("< 150 ms", the name saying which statistic), or null for a figure without one. */
  target: string | null;
  met: boolean | null;
}

export interface BenchResults {
  bench: string;
  title: string;
  figures: BenchFigure[];
}

/** A figure that must stay under `limit`. */
export function below(name: string, value: number, unit: string, limit: number): BenchFigure {
  return { name, value, unit, target: `< ${limit.toLocaleString('en')} ${unit}`, met: Number.isFinite(value) && value < limit };
}

/** A figure that may reach `limit` but not pass it. */
export function atMost(name: string, value: number, unit: string, limit: number): BenchFigure {
  return { name, value, unit, target: `≤ ${limit.toLocaleString('en')} ${unit}`, met: Number.isFinite(value) && value <= limit };
}

/** A figure that must reach at least `floor`. */
export function atLeast(name: string, value: number, unit: string, floor: number): BenchFigure {
  return { name, value, unit, target: `≥ ${floor.toLocaleString('en')} ${unit}`, met: Number.isFinite(value) && value >= floor };
}

/** A count that must be nothing: lost events, errors. */
export function none(name: string, value: number): BenchFigure {
  return { name, value, unit: 'count', target: '0', met: value === 0 };
}

/** A figure reported for context, without a target. */
export function reported(name: string, value: number, unit: string): BenchFigure {
  return { name, value, unit, target: null, met: null };
}

/** Writes `results` (and the benchmark's own details) as pretty JSON to `out`, creating its folder. */
export function writeBenchResults(out: string, results: BenchResults & Record<string, unknown>): void {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), ...results }, null, 2)}\n`);
  console.log(`Figures written to ${out}`);
}
