import { describe, expect, it } from 'vitest';
import { presentShowcase, type ShowcaseRow } from './presenter';

const row = (change: Partial<ShowcaseRow>): ShowcaseRow => ({
  uid: 'aio-x-1a2b',
  type: 'object',
  label: 'Tisch 1',
  metadata: { demo: true },
  ...change,
});

describe('presentShowcase', () => {
  it('orders groups person, team, object and labels naturally, leaving empty groups out', () => {
    const result = presentShowcase(
      [
        row({ uid: 'aio-tisch-12', label: 'Tisch 12' }),
        row({ uid: 'aio-tisch-7', label: 'Tisch 7' }),
        row({ uid: 'aio-oe', type: 'person', label: 'Özlem Demir' }),
        row({ uid: 'aio-ol', type: 'person', label: 'Olaf Berg' }),
      ],
      'http://localhost:3000',
    );
    expect(result.groups.map((g) => g.type)).toEqual(['person', 'object']);
    expect(result.groups[0]!.entries.map((e) => e.label)).toEqual(['Olaf Berg', 'Özlem Demir']);
    expect(result.groups[1]!.entries.map((e) => e.label)).toEqual(['Tisch 7', 'Tisch 12']);
  });

  it('falls back to the metadata name, then the uid, and ignores non-text metadata', () => {
    const [group] = presentShowcase(
      [
        row({ uid: 'aio-a', label: null, metadata: { name: 'Lobby', department: 42, shift: ' ' } }),
        row({ uid: 'aio-b', label: '  ', metadata: {} }),
      ],
      'https://t.example',
    ).groups;
    expect(group!.entries).toEqual([
      expect.objectContaining({ uid: 'aio-b', label: 'aio-b', department: null }),
      {
        uid: 'aio-a',
        label: 'Lobby',
        type: 'object',
        department: null,
        shift: null,
        location: null,
        tipUrl: 'https://t.example/t/aio-a',
      },
    ]);
  });
});
