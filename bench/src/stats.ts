/** Latency figures of one measured operation, in milliseconds. */
export interface LatencySummary {
  name: string;
  iterations: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
  /**
   * This process's CPU time per call, ms: near what the wall time would be on an idle machine
   * (it leaves out waiting for a CPU; on PostgreSQL it also leaves out the database server's work).
   */
  cpu: number;
}

/** The wall time of each call, and the process's CPU time over all of them. */
export interface Timing {
  samples: number[];
  cpuMs: number;
}

export function summarize(name: string, timing: Timing): LatencySummary {
  const sorted = [...timing.samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    name,
    iterations: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    mean: sorted.length ? total / sorted.length : 0,
    max: sorted.at(-1) ?? 0,
    cpu: sorted.length ? timing.cpuMs / sorted.length : 0,
  };
}

/** Nearest-rank quantile of sorted samples. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Times `run` once per input, one call at a time, after `warmup` untimed calls. */
export async function timeEach<T>(
  inputs: readonly T[],
  run: (input: T) => unknown,
  warmup = Math.min(50, inputs.length),
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await run(inputs[i % inputs.length]!);
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (const input of inputs) {
    const started = performance.now();
    await run(input);
    samples.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { samples, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** A plain-text table with right-aligned numbers. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(formatCell))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [
    line(cells[0]!),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

function formatCell(value: string | number): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return value.toLocaleString('en');
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** A deterministic pseudo-random generator (mulberry32), so inputs are the same on every run. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}
