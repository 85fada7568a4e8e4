import { describe, expect, it } from 'vitest';
import { maySeeOnShowcase, type ShowcaseCandidate } from './policy';

const demoPoint: ShowcaseCandidate = {
  uid: 'aio-anna-schneider-4k7p',
  origin: 'trinkgeld',
  active: true,
  metadata: { demo: true, department: 'Rezeption' },
  businessActive: true,
};

describe('maySeeOnShowcase', () => {
  it.each<[string, Partial<ShowcaseCandidate>, boolean]>([
    ['an active demo point of the product', {}, true],
    ['an inactive point', { active: false }, false],
    ['a point of a deactivated business', { businessActive: false }, false],
    ['a point registered by an external partner', { origin: 'external' }, false],
    ['a uid without the demo prefix', { uid: 'hotel-anna-7f3k' }, false],
    ['the prefix in the wrong case', { uid: 'AIO-anna-7f3k' }, false],
    ['a real point that happens to use the prefix', { metadata: { department: 'Bar' } }, false],
    ['a demo flag that is only a string', { metadata: { demo: 'true' } }, false],
    ['a demo flag set to false', { metadata: { demo: false } }, false],
  ])('%s', (_name, change, expected) => {
    expect(maySeeOnShowcase({ ...demoPoint, ...change })).toBe(expected);
  });
});
