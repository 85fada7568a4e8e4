import { matchRoutes } from '../../lib/router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../router';
import { FEATURE_STATUSES, FEATURES } from './feature-status';
import { FLOWS } from './prototype-flows';

describe('prototype flows', () => {
  it('have the screens the spec names: guest 3, employee 7, admin 3', () => {
    expect(FLOWS.map((flow) => [flow.id, flow.steps.length])).toEqual([
      ['gast', 3],
      ['mitarbeiter', 7],
      ['admin', 3],
    ]);
  });

  it('link every step to a real route of the app, not the not-found page', () => {
    for (const step of FLOWS.flatMap((flow) => flow.steps)) {
      const matched = matchRoutes(routes, step.path);
      const leaf = matched?.at(-1)?.path;
      expect(leaf, step.path).toBeDefined();
      expect(leaf, step.path).not.toBe('*');
    }
  });

  it('give every feature a known status', () => {
    for (const feature of Object.values(FEATURES)) {
      expect(FEATURE_STATUSES).toContain(feature.status);
    }
  });
});
