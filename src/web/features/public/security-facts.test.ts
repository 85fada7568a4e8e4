import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/features/auth/password';
import { registerSecurityHeaders } from '../../../server/http/security';
import { SECURITY_AUDIENCES } from './security-facts';

/**
 * The security centre must describe what the code does. The facts that the code on this
 * branch can prove are checked here; the others name their source for whoever merges it.
 */
const facts = SECURITY_AUDIENCES.flatMap((audience) => audience.facts);
const fact = (id: string) => {
  const found = facts.find((f) => f.id === id);
  if (!found) throw new Error(`no fact ${id}`);
  return found;
};

async function headersFor(secure: boolean) {
  const app = Fastify();
  await registerSecurityHeaders(app, secure);
  app.get('/', async () => 'ok');
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.headers;
}

describe('security facts', () => {
  it('have unique ids and a source for every fact', () => {
    expect(new Set(facts.map((f) => f.id)).size).toBe(facts.length);
    for (const f of facts) expect(f.source.length).toBeGreaterThan(5);
  });

  it("match the CSP: scripts only from 'self', no framing", async () => {
    const csp = String((await headersFor(false))['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(https?:|\*|'unsafe-inline'|'unsafe-eval')/);
    // Besides 'self' only the tip page's inline loader, by its hash.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(fact('scripts').text).toContain('SHA-256-Prüfsumme');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(fact('scripts').text).toContain("script-src 'self'");
    expect(fact('scripts').text).toContain("frame-ancestors 'none'");
  });

  it('match HSTS: one year, only on https', async () => {
    expect((await headersFor(false))['strict-transport-security']).toBeUndefined();
    expect((await headersFor(true))['strict-transport-security']).toContain('max-age=31536000');
    expect(fact('https').text).toContain('ein Jahr');
  });

  it('match the password hashing: scrypt with a salt per password', async () => {
    const [first, second] = await Promise.all([
      hashPassword('geheim123'),
      hashPassword('geheim123'),
    ]);
    expect(first.startsWith('scrypt$')).toBe(true);
    expect(first).not.toBe(second);
    expect(fact('passwords').text).toContain('scrypt');
  });

  it('state the durations of the shared constants', () => {
    expect(fact('magic-links').text).toContain('15 Minuten');
    expect(fact('sessions').text).toContain('15 Minuten');
    expect(fact('sessions').text).toContain('2 Minuten');
  });
});
