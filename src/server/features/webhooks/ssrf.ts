import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * No door into the operator's network (decision 0650): a webhook URL must name
 * a public address. The check runs when an endpoint is saved and again before every attempt,
 * after DNS resolution; the attempt then connects to exactly the address checked here (see
 * delivery.ts), so a name that resolves elsewhere a second later (DNS rebinding) cannot move it.
 */

export interface WebhookTargetOptions {
  /** WEBHOOK_ALLOW_PRIVATE: private, loopback and link-local targets are allowed (tests, labs). */
  allowPrivate: boolean;
  /** Production: only `https:`. */
  requireHttps: boolean;
  /** Resolves a name to every address it has (default: the system resolver, node:dns lookup). */
  resolve?: (hostname: string) => Promise<readonly { address: string; family: number }[]>;
}

export type WebhookTarget =
  | {
      ok: true;
      url: URL;
      /** The host without IPv6 brackets, as the Host header and TLS SNI name it. */
      hostname: string;
      /** The checked address the attempt must connect to. */
      address: string;
      family: 4 | 6;
    }
  | { ok: false; reason: string };

const systemResolve: NonNullable<WebhookTargetOptions['resolve']> = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Checks a webhook URL, resolving its name; `ok` carries the one address to connect to. */
export async function checkWebhookTarget(
  raw: string | URL,
  options: WebhookTargetOptions,
): Promise<WebhookTarget> {
  const syntax = checkWebhookUrlSyntax(raw, options);
  if (!syntax.ok) return syntax;
  const { url, hostname } = syntax;

  let addresses: { address: string; family: number }[];
  if (isIP(hostname) !== 0) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = [...(await (options.resolve ?? systemResolve)(hostname))];
    } catch {
      return { ok: false, reason: `Der Name ${hostname} lässt sich nicht auflösen.` };
    }
    if (addresses.length === 0) {
      return { ok: false, reason: `Der Name ${hostname} lässt sich nicht auflösen.` };
    }
  }

  if (!options.allowPrivate) {
    // Every address must be public: a name with one private address among public ones could
    // otherwise be steered to it by whichever the connection would pick.
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      const shown = refused.address === hostname ? hostname : `${hostname} (${refused.address})`;
      return {
        ok: false,
        reason: `Die Adresse ${shown} ist privat, lokal oder reserviert. Webhooks gehen nur an öffentliche Adressen.`,
      };
    }
  }
  const first = addresses[0]!;
  return {
    ok: true,
    url,
    hostname,
    address: first.address,
    family: isIP(first.address) === 6 ? 6 : 4,
  };
}

/**
 * The checks that need no resolver: a valid http(s) URL (https in production), no private
 * address literal. Forms like `http://2130706433/` or `http://0x7f.1/` are normalised by the URL
 * parser to 127.0.0.1 first, so they are caught as what they are.
 */
export function checkWebhookUrlSyntax(
  raw: string | URL,
  options: Pick<WebhookTargetOptions, 'allowPrivate' | 'requireHttps'>,
): { ok: true; url: URL; hostname: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = raw instanceof URL ? new URL(raw.href) : new URL(raw);
  } catch {
    return { ok: false, reason: 'Die URL ist ungültig.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'Die URL muss mit https:// beginnen.' };
  }
  if (options.requireHttps && url.protocol !== 'https:') {
    return { ok: false, reason: 'Die URL muss mit https:// beginnen.' };
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (hostname === '') return { ok: false, reason: 'Die URL ist ungültig.' };
  if (!options.allowPrivate && isIP(hostname) !== 0 && !isPublicAddress(hostname)) {
    return {
      ok: false,
      reason: `Die Adresse ${hostname} ist privat, lokal oder reserviert. Webhooks gehen nur an öffentliche Adressen.`,
    };
  }
  return { ok: true, url, hostname };
}

// ---- address ranges -------------------------------------------------------------------------

/** IPv4 ranges no webhook may reach: [first address as a number, prefix length]. */
const REFUSED_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToNumber(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function v4Refused(value: number): boolean {
  return REFUSED_V4.some(([base, bits]) => {
    const start = v4ToNumber(base)!;
    const size = 2 ** (32 - bits);
    return value >= start && value < start + size;
  });
}

/** An IPv6 address as eight 16-bit groups, or null. Accepts `::` and a dotted IPv4 tail. */
export function parseIpv6(address: string): number[] | null {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const groups: number[] = [];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  let tail: number[] = [];
  if (dotted) {
    const v4 = v4ToNumber(dotted[1]!);
    if (v4 === null) return null;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
    text = text.slice(0, -dotted[1]!.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...rest].some((g) => Number.isNaN(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 2) {
    if (known > 7) return null;
    groups.push(...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail);
  } else {
    if (known !== 8) return null;
    groups.push(...head, ...tail);
  }
  return groups;
}

function v6Refused(groups: number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const embeddedV4 = g6 * 65536 + g7;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::/128 unspecified, ::1 loopback, and the deprecated IPv4-compatible ::a.b.c.d
  if (upperZero && g5 === 0) return g6 === 0 ? true : v4Refused(embeddedV4);
  // ::ffff:a.b.c.d, IPv4-mapped: judged as the IPv4 address it names
  if (upperZero && g5 === 0xffff) return v4Refused(embeddedV4);
  // 64:ff9b::/96, NAT64: judged as the IPv4 address it names
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return v4Refused(embeddedV4);
  }
  // 2002::/16, 6to4: the IPv4 address in the next 32 bits
  if (g0 === 0x2002) return v4Refused(g1 * 65536 + g2);
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // 100::/64 discard
  return false;
}

/** Whether an IP address (v4 or v6 text) is a public one a webhook may go to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) {
    const value = v4ToNumber(address);
    return value !== null && !v4Refused(value);
  }
  if (family === 6) {
    const groups = parseIpv6(address);
    return groups !== null && !v6Refused(groups);
  }
  return false;
}
