const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes as people read them: "12,3 MB" (powers of 1024, as PostgreSQL's pg_size_pretty). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat.format(value)} ${UNITS[unit]}`;
}
