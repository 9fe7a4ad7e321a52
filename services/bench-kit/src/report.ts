import { availableParallelism, loadavg } from 'node:os';

/** A figure against its target: `below` (latencies, CPU) or `atLeast` (rates, ratios). */
export type Target = { below: number } | { atLeast: number };

export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: Target;
  met?: boolean;
  note?: string;
}

export interface Report {
  /** A line of progress, printed at once. */
  say(line: string): void;
  /** A measured figure, printed at once and again in the table and JSON at the end. */
  figure(name: string, value: number, unit: string, options?: { target?: Target; note?: string }): Figure;
  /** Prints the table of every figure (with met / NOT met) and one line `BENCH_JSON {...}` for machines. */
  print(): void;
  readonly figures: readonly Figure[];
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function targetText(target: Target | undefined): string {
  if (!target) return '';
  return 'below' in target ? `< ${target.below}` : `>= ${target.atLeast}`;
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

/**
 * What every bench prints: its figures against the issue's targets (printed, never asserted), as a
 * table for people and one JSON line for scripts, with the machine's load (other work skews them).
 */
export function createReport(bench: string): Report {
  const figures: Figure[] = [];
  const startedLoad = loadAverage();
  const say = (line: string) => console.log(line);
  say(`${bench}: node ${process.version}, ${availableParallelism()} cores, load average ${startedLoad}`);
  return {
    say,
    figures,
    figure(name, value, unit, options = {}) {
      const { target, note } = options;
      const met = target ? ('below' in target ? value < target.below : value >= target.atLeast) : undefined;
      const figure: Figure = { name, value, unit, target, met, note };
      figures.push(figure);
      say(
        `  ${name}: ${formatValue(value)} ${unit}${target ? ` (target ${targetText(target)}: ${met ? 'met' : 'NOT met'})` : ''}${note ? ` - ${note}` : ''}`,
      );
      return figure;
    },
    print() {
      const rows = figures.map((figure) => [
        figure.name,
        `${formatValue(figure.value)} ${figure.unit}`,
        targetText(figure.target),
        figure.met === undefined ? '' : figure.met ? 'met' : 'NOT met',
      ]);
      const header = ['figure', 'value', 'target', ''];
      const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
      const line = (cells: string[]) =>
        cells
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd();
      say(`\n== ${bench}: figures (load average ${startedLoad} at the start, ${loadAverage()} now)`);
      say(line(header));
      for (const row of rows) say(line(row));
      say(
        `BENCH_JSON ${JSON.stringify({ bench, node: process.version, cores: availableParallelism(), loadAverage: loadavg(), figures })}`,
      );
    },
  };
}
