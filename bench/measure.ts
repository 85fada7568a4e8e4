export interface Measurement {
  name: string;
  iterations: number;
  totalMs: number;
  perOpUs: number;
  opsPerSecond: number;
}

/** Runs `work` a few times to warm up, then `iterations` times, and reports the mean. */
export async function measure(
  name: string,
  iterations: number,
  work: () => Promise<unknown>,
): Promise<Measurement> {
  for (let i = 0; i < Math.min(50, iterations / 10); i += 1) await work();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await work();
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    name,
    iterations,
    totalMs,
    perOpUs: (totalMs * 1000) / iterations,
    opsPerSecond: (iterations / totalMs) * 1000,
  };
}

/** Prints each measurement and its ratio to the first one (the baseline of this run). */
export function printTable(results: readonly Measurement[]): void {
  const baseline = results[0];
  for (const result of results) {
    const ratio = baseline ? result.perOpUs / baseline.perOpUs : 1;
    process.stdout.write(
      `${result.name.padEnd(44)} ${result.perOpUs.toFixed(1).padStart(9)} µs/op  ${Math.round(
        result.opsPerSecond,
      )
        .toString()
        .padStart(7)} op/s  ratio ${ratio.toFixed(2)}x\n`,
    );
  }
}
