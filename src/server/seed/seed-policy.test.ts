import { describe, expect, it } from 'vitest';
import { shouldSeedDemo } from './seed-policy';

describe('shouldSeedDemo (finding 7: no demo logins in production by accident)', () => {
  it('seeds the embedded database in development and test', () => {
    expect(
      shouldSeedDemo({ nodeEnv: 'development', databaseUrl: undefined, seedDemo: false }),
    ).toBe(true);
    expect(shouldSeedDemo({ nodeEnv: 'test', databaseUrl: undefined, seedDemo: false })).toBe(true);
  });

  it('refuses demo data in production, embedded or not, unless SEED_DEMO=1', () => {
    expect(shouldSeedDemo({ nodeEnv: 'production', databaseUrl: undefined, seedDemo: false })).toBe(
      false,
    );
    expect(
      shouldSeedDemo({ nodeEnv: 'production', databaseUrl: 'postgres://x/y', seedDemo: false }),
    ).toBe(false);
    expect(shouldSeedDemo({ nodeEnv: 'production', databaseUrl: undefined, seedDemo: true })).toBe(
      true,
    );
  });

  it('seeds PostgreSQL only when asked', () => {
    expect(
      shouldSeedDemo({ nodeEnv: 'development', databaseUrl: 'postgres://x/y', seedDemo: false }),
    ).toBe(false);
    expect(
      shouldSeedDemo({ nodeEnv: 'development', databaseUrl: 'postgres://x/y', seedDemo: true }),
    ).toBe(true);
  });
});
