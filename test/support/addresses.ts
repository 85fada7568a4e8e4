/**
 * Network addresses for requests in tests. Sign-in, magic links and password resets are limited
 * per address, so a test that needs a clean slate asks for an address nobody has used yet. One
 * counter for every file of a worker (files share modules there, decision 0302): no two tests hand
 * out the same address, whichever files they are in. The range is 100.64.0.0/10 (shared address
 * space, four million addresses), which no test writes out by hand.
 */
let used = 0;

export function freshIp(): string {
  used += 1;
  if (used >= 2 ** 22) throw new Error('no unused test network address left');
  return `100.${64 + (used >> 16)}.${(used >> 8) & 255}.${used & 255}`;
}
