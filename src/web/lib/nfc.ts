/**
 * Writing a tip link onto an NFC tag with Web NFC (Chrome on Android): one NDEF
 * URL record, then the tag is read back and compared, so "NFC-Tag beschrieben" is only said when
 * the tag really opens the link. Elsewhere there is no NDEFReader and the UI explains why.
 */

/** The part of Web NFC this module uses (TypeScript's DOM library does not declare it yet). */
export interface NdefRecordLike {
  recordType: string;
  data?: DataView;
}
export interface NdefReaderLike extends EventTarget {
  write(
    message: { records: { recordType: 'url'; data: string }[] },
    options?: { overwrite?: boolean; signal?: AbortSignal },
  ): Promise<void>;
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}
export type NdefReaderConstructor = new () => NdefReaderLike;

/** The browser's NDEFReader, or null where Web NFC is not available. */
export function webNfcReader(): NdefReaderConstructor | null {
  const candidate = (globalThis as { NDEFReader?: unknown }).NDEFReader;
  return typeof candidate === 'function' ? (candidate as NdefReaderConstructor) : null;
}

export type NfcProblem =
  | 'readOnly'
  | 'tooSmall'
  | 'tagLost'
  | 'permission'
  | 'unsupportedTag'
  | 'mismatch'
  | 'timeout'
  | 'unverified'
  | 'cancelled'
  | 'other';

export class NfcWriteError extends Error {
  constructor(readonly problem: NfcProblem) {
    super(`NFC: ${problem}`);
    this.name = 'NfcWriteError';
  }
}

const READ_ONLY = /read[- ]?only|not writ(e)?able|write[- ]?protect/i;
const TOO_SMALL = /too (large|big|long)|capacity|not enough|exceed|size|space/i;

/**
 * What went wrong, from the DOMException Chrome rejects with. Chrome names the kind (NetworkError
 * when the tag left the field mid-write, NotAllowedError without permission or for a locked tag,
 * NotSupportedError for a tag that cannot hold the message) and says the rest in the message.
 */
export function nfcProblemOf(error: unknown): NfcProblem {
  if (error instanceof NfcWriteError) return error.problem;
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  if (READ_ONLY.test(message)) return 'readOnly';
  switch (name) {
    case 'AbortError':
      return 'cancelled';
    case 'NetworkError':
      return 'tagLost';
    case 'NotAllowedError':
    case 'NotReadableError':
      return 'permission';
    case 'NotSupportedError':
      return TOO_SMALL.test(message) ? 'tooSmall' : 'unsupportedTag';
    default:
      return TOO_SMALL.test(message) ? 'tooSmall' : 'other';
  }
}

/** The link of the first URL record of a message, as the tag holds it. */
export function urlOfRecords(records: readonly NdefRecordLike[]): string | null {
  const record = records.find((candidate) =>
    ['url', 'absolute-url'].includes(candidate.recordType),
  );
  return record?.data ? new TextDecoder().decode(record.data) : null;
}

function readOnce(reader: NdefReaderLike, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const onReading = (event: Event) => {
      const records = (event as Event & { message?: { records?: NdefRecordLike[] } }).message
        ?.records;
      resolve(urlOfRecords(records ?? []));
    };
    reader.addEventListener('reading', onReading, { once: true });
    reader.addEventListener('readingerror', () => reject(new NfcWriteError('tagLost')), {
      once: true,
    });
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    reader.scan({ signal }).catch(reject);
  });
}

export interface WriteTagOptions {
  Reader: NdefReaderConstructor;
  /** Aborted by the person ('Abbrechen'). */
  signal: AbortSignal;
  /** Called once the tag took the record, before it is read back. */
  onWritten?: () => void;
  /** How long to wait for a tag, and then for the read-back (default one minute each). */
  timeoutMs?: number;
}

/** Writes `url` as the tag's only record and reads it back; throws NfcWriteError otherwise. */
export async function writeTipLinkToTag(url: string, options: WriteTagOptions): Promise<void> {
  const { Reader, signal, onWritten, timeoutMs = 60_000 } = options;
  const reader = new Reader();
  const step = new AbortController();
  const stop = () => step.abort(new NfcWriteError('cancelled'));
  signal.addEventListener('abort', stop, { once: true });
  let phase: 'write' | 'verify' = 'write';
  let timer = setTimeout(() => step.abort(new NfcWriteError('timeout')), timeoutMs);
  try {
    await reader.write(
      { records: [{ recordType: 'url', data: url }] },
      { overwrite: true, signal: step.signal },
    );
    phase = 'verify';
    onWritten?.();
    clearTimeout(timer);
    timer = setTimeout(() => step.abort(new NfcWriteError('unverified')), timeoutMs);
    const onTag = await readOnce(reader, step.signal);
    if (onTag !== url) throw new NfcWriteError('mismatch');
  } catch (error) {
    // An abort rejects with the reason we gave; Chrome's own AbortError means the same.
    const reason = step.signal.aborted ? step.signal.reason : error;
    if (phase === 'verify' && nfcProblemOf(reason) === 'tagLost') {
      throw new NfcWriteError('unverified');
    }
    throw reason instanceof NfcWriteError ? reason : new NfcWriteError(nfcProblemOf(reason));
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
    // Ends the scan, so the phone stops listening for tags.
    if (!step.signal.aborted) step.abort(new NfcWriteError('cancelled'));
  }
}
