import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, isPublicAddress, parseIpv6 } from './ssrf';

const production = { allowPrivate: false, requireHttps: true };
const publicResolver = async () => [{ address: '93.184.216.34', family: 4 }];

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:192.168.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('parses IPv6 forms into eight groups', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('2001:db8::8:800:200c:417a')).toEqual([
      0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a,
    ]);
    expect(parseIpv6('1:2:3')).toBeNull();
    expect(parseIpv6('1::2::3')).toBeNull();
  });
});

describe('checkWebhookTarget', () => {
  it('accepts a public https URL and names the address to connect to', async () => {
    const target = await checkWebhookTarget('https://hooks.example.com/trinkgeld', {
      ...production,
      resolve: publicResolver,
    });
    expect(target).toMatchObject({
      ok: true,
      hostname: 'hooks.example.com',
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses http:// in production, allows it elsewhere', async () => {
    const refused = await checkWebhookTarget('http://hooks.example.com/', {
      ...production,
      resolve: publicResolver,
    });
    expect(refused).toEqual({ ok: false, reason: 'Die URL muss mit https:// beginnen.' });
    const allowed = await checkWebhookTarget('http://hooks.example.com/', {
      allowPrivate: false,
      requireHttps: false,
      resolve: publicResolver,
    });
    expect(allowed.ok).toBe(true);
  });

  it('refuses other schemes and broken URLs', async () => {
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'nicht eine url',
      'gopher://x',
    ]) {
      const target = await checkWebhookTarget(url, { allowPrivate: true, requireHttps: false });
      expect(target.ok).toBe(false);
    }
  });

  it('refuses a name that resolves to 127.0.0.1 (localhost, through the system resolver)', async () => {
    const target = await checkWebhookTarget('https://localhost:8443/hook', production);
    expect(target.ok).toBe(false);
    if (!target.ok) expect(target.reason).toMatch(/privat, lokal oder reserviert/);
  });

  it('refuses a name with any private address among public ones', async () => {
    const target = await checkWebhookTarget('https://rebind.example/', {
      ...production,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    expect(target).toEqual({
      ok: false,
      reason:
        'Die Adresse rebind.example (10.0.0.7) ist privat, lokal oder reserviert. Webhooks gehen nur an öffentliche Adressen.',
    });
  });

  it.each([
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://017700000001/',
    'https://0x7f000001/',
    'https://0x7f.1/',
    'https://127.1/',
    'https://0/',
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[fe80::1]/',
    'https://[fd00::1]:8443/',
    'https://169.254.169.254/latest/meta-data/',
    'https://192.168.178.1/',
    'https://10.0.0.1/',
    'https://172.20.0.1/',
    'https://100.64.1.1/',
  ])('refuses the literal %s without asking DNS', async (url) => {
    const target = await checkWebhookTarget(url, {
      ...production,
      resolve: () => Promise.reject(new Error('DNS must not be asked')),
    });
    expect(target.ok).toBe(false);
    if (!target.ok) expect(target.reason).toMatch(/privat, lokal oder reserviert/);
  });

  it('allows private targets when the operator allows them (WEBHOOK_ALLOW_PRIVATE)', async () => {
    const target = await checkWebhookTarget('http://127.0.0.1:4000/hook', {
      allowPrivate: true,
      requireHttps: false,
    });
    expect(target).toMatchObject({ ok: true, address: '127.0.0.1', family: 4 });
    const v6 = await checkWebhookTarget('http://[::1]:4000/', {
      allowPrivate: true,
      requireHttps: false,
    });
    expect(v6).toMatchObject({ ok: true, address: '::1', family: 6, hostname: '::1' });
  });

  it('says in German when a name does not resolve', async () => {
    const target = await checkWebhookTarget('https://gibt-es-nicht.invalid/', {
      ...production,
      resolve: () => Promise.reject(new Error('ENOTFOUND')),
    });
    expect(target).toEqual({
      ok: false,
      reason: 'Der Name gibt-es-nicht.invalid lässt sich nicht auflösen.',
    });
  });
});
