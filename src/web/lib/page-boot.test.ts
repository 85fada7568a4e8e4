import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/api/profiles';
import { bootState } from './session';

// Decision 0417: the session starts from the HTML's answers only when they say everything.
const session = {
  user: { id: 'u1', email: 'anna@demo.local' },
  session: {
    idleExpiresAt: '2026-11-28T10:15:00.000Z',
    absoluteExpiresAt: '2026-11-28T22:00:00.000Z',
    idleTimeoutSeconds: 900,
  },
  twoFactor: { enabled: false, setupRequired: false },
};
const profile = { id: 'u1', role: 'employee', fullName: 'Anna Schneider' } as Profile;

describe('bootState', () => {
  it('starts ready and signed out from a signed-out answer', () => {
    expect(bootState({ session: { user: null, session: null } })).toMatchObject({
      status: 'ready',
      user: null,
      profile: null,
    });
  });

  it('starts ready with the profile, or with none yet (onboarding)', () => {
    expect(bootState({ session, profile })).toMatchObject({
      status: 'ready',
      user: session.user,
      session: session.session,
      profile,
      twoFactor: session.twoFactor,
      error: null,
    });
    expect(bootState({ session, profile: null })).toMatchObject({ status: 'ready', profile: null });
  });

  it('loads as before without answers, or signed in without the profile', () => {
    expect(bootState(null)).toBeNull();
    expect(bootState({ session })).toBeNull();
  });
});
