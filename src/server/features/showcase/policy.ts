import {
  DEMO_ENTRYPOINT_PREFIX,
  PRODUCT_ENTRYPOINT_ORIGIN,
} from '../../../shared/domain/constants';

/** What the policy needs to know about a payment point and the business it belongs to. */
export interface ShowcaseCandidate {
  uid: string;
  origin: string;
  active: boolean;
  metadata: Record<string, unknown>;
  businessActive: boolean;
}

/**
 * Whether an anonymous visitor may see a payment point on the public demo showcase. Only the
 * product's own demo points qualify: a real employee's code must never be listed publicly,
 * so the uid prefix alone is not enough and the demo flag in the metadata is required too.
 */
export function maySeeOnShowcase(candidate: ShowcaseCandidate): boolean {
  return (
    candidate.origin === PRODUCT_ENTRYPOINT_ORIGIN &&
    candidate.uid.startsWith(DEMO_ENTRYPOINT_PREFIX) &&
    candidate.active &&
    candidate.businessActive &&
    candidate.metadata.demo === true
  );
}
