/** A count with its noun in the right number: "1 Bezahlpunkt", "3 Bezahlpunkte". */
export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
