import type { GuestCatalogue } from './guest-catalogue';

/**
 * The business's tonality over every guest text (decision 0467). Each language's
 * catalogue is written in the default tonality ('friendly', the spec's words); the other two
 * tonalities list only the texts they say differently, and `catalogueInTonality` lays them over
 * it. A unit test walks every text of every tonality for the wrong form of address, so a new text
 * that addresses the guest fails until each tonality says it its way.
 */
export type GuestTonalityName = 'formal' | 'friendly' | 'casual';

/** A text object with any part left out: the texts a tonality says differently. */
export type TextOverrides<T> = {
  readonly [K in keyof T]?: T[K] extends string | ((...args: never[]) => string)
    ? T[K]
    : TextOverrides<T[K]>;
};

/** The texts of the guest pages that a tonality may word differently. */
export type GuestCatalogueTexts = Omit<GuestCatalogue, 'tones'>;

/** What 'formal' and 'casual' say differently from the default, per part of the catalogue. */
export type GuestTones = Record<'formal' | 'casual', TextOverrides<GuestCatalogueTexts>>;

function isTextObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `base` with every text of `overrides` in its place; parts without overrides stay shared. */
export function overlayTexts<T>(base: T, overrides: TextOverrides<T> | undefined): T {
  if (!overrides) return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] =
      isTextObject(value) && isTextObject(current)
        ? overlayTexts(current, value as TextOverrides<typeof current>)
        : value;
  }
  return merged as T;
}

/** A stored tonality, anything unknown read as the default. */
export function knownTonality(tonality: string | null | undefined): GuestTonalityName {
  return tonality === 'formal' || tonality === 'casual' ? tonality : 'friendly';
}

/** What a tonality says differently; none for the default. */
export function toneOverrides(
  tones: GuestTones,
  tonality: string | null | undefined,
): TextOverrides<GuestCatalogueTexts> | undefined {
  const known = knownTonality(tonality);
  return known === 'friendly' ? undefined : tones[known];
}

const resolved = new WeakMap<object, Partial<Record<GuestTonalityName, unknown>>>();

/** One part of a catalogue in a tonality; the same object each time, so memoised users keep it. */
export function partInTonality<T extends object>(
  part: T,
  overrides: TextOverrides<T> | undefined,
  tonality: string | null | undefined,
): T {
  const known = knownTonality(tonality);
  if (known === 'friendly' || !overrides) return part;
  const cache = resolved.get(part) ?? {};
  resolved.set(part, cache);
  if (!cache[known]) cache[known] = overlayTexts(part, overrides);
  return cache[known] as T;
}

/** The whole catalogue of one language in the business's tonality. */
export function catalogueInTonality(
  catalogue: GuestCatalogue,
  tonality: string | null | undefined,
): GuestCatalogueTexts {
  const tones = toneOverrides(catalogue.tones, tonality);
  return {
    first: partInTonality(catalogue.first, tones?.first, tonality),
    outcome: partInTonality(catalogue.outcome, tones?.outcome, tonality),
    pages: partInTonality(catalogue.pages, tones?.pages, tonality),
  };
}
