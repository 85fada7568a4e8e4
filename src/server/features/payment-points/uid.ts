import { randomBytes } from 'node:crypto';
import { DEMO_ENTRYPOINT_PREFIX } from '../../../shared/domain/constants';

/**
 * Payment point uids: a readable slug (so staff recognise the code on a sticker) plus a random
 * suffix that cannot be guessed, so nobody finds a business's points by trying names.
 * "anna-schneider-k7p2m9xq4d" for Anna Schneider; demo points keep the "aio-" prefix.
 */

/** "anna-schneider" from "Anna Schneider": lower case, ASCII, hyphens, at most 40 characters. */
export function slugify(text: string, fallback = 'bezahlpunkt'): string {
  const slug = text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** Letters and digits without look-alikes (no 0/o, 1/l/i), easy to read off a sticker. */
const SUFFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 10 characters of 31: about 49 bits, far beyond guessing over HTTP. */
export const UID_SUFFIX_LENGTH = 10;

/** Uniform random characters: bytes above the largest multiple of the alphabet are redrawn. */
export function randomSuffix(length: number = UID_SUFFIX_LENGTH): string {
  const limit = 256 - (256 % SUFFIX_ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length)
        out += SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length];
    }
  }
  return out;
}

export function generateUid(label: string, options: { demo?: boolean } = {}): string {
  const slug = slugify(label);
  return `${options.demo ? DEMO_ENTRYPOINT_PREFIX : ''}${slug}-${randomSuffix()}`;
}

/** Whether a uid was made by the demo generator (its rows are replaced on the next run). */
export function isDemoUid(uid: string): boolean {
  return uid.startsWith(DEMO_ENTRYPOINT_PREFIX);
}
