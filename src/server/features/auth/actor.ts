import type { Role } from '../../../shared/domain/roles';

/** Who is asking: the signed-in person behind a request, as features see them. */
export interface Actor {
  userId: string;
  /** profiles.id equals the user id (spec §3). */
  profileId: string;
  /** The profile's role; a missing profile counts as employee (spec §5). */
  role: Role;
  businessId: string | null;
  email: string;
  fullName: string | null;
  /** False until the person has a profile row (onboarding creates it). */
  hasProfile: boolean;
  /** Hash of the session token: identifies the session, signs nobody in. */
  sessionId: string;
}
