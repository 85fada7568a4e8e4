import { describe, expect, it } from 'vitest';
import {
  type NdefReaderLike,
  nfcProblemOf,
  NfcWriteError,
  urlOfRecords,
  writeTipLinkToTag,
} from './nfc';

const LINK = 'https://trinkgeld.example/t/anna-1a2b';

/** A tag in front of a fake phone: remembers what was written and answers a scan with it. */
function fakeReader(behaviour: {
  writeError?: Error;
  readBack?: (written: string) => string | 'error' | 'never';
}) {
  const writes: { recordType: string; data: string }[][] = [];
  class FakeReader extends EventTarget implements NdefReaderLike {
    async write(message: { records: { recordType: 'url'; data: string }[] }) {
      if (behaviour.writeError) throw behaviour.writeError;
      writes.push(message.records);
    }
    async scan() {
      const written = writes.at(-1)?.[0]?.data ?? '';
      const answer = behaviour.readBack ? behaviour.readBack(written) : written;
      if (answer === 'never') return;
      queueMicrotask(() => {
        if (answer === 'error') {
          this.dispatchEvent(new Event('readingerror'));
          return;
        }
        const event = new Event('reading') as Event & { message: unknown };
        event.message = {
          records: [
            { recordType: 'url', data: new DataView(new TextEncoder().encode(answer).buffer) },
          ],
        };
        this.dispatchEvent(event);
      });
    }
  }
  return { Reader: FakeReader, writes };
}

const dom = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('writing a tip link onto an NFC tag', () => {
  it('writes one URL record with the link and confirms it by reading it back', async () => {
    const { Reader, writes } = fakeReader({});
    let written = false;
    await writeTipLinkToTag(LINK, {
      Reader,
      signal: new AbortController().signal,
      onWritten: () => (written = true),
    });
    expect(writes).toEqual([[{ recordType: 'url', data: LINK }]]);
    expect(written).toBe(true);
  });

  it('refuses to confirm a tag that reads back another link', async () => {
    const { Reader } = fakeReader({ readBack: () => 'https://elsewhere.example/' });
    const attempt = writeTipLinkToTag(LINK, { Reader, signal: new AbortController().signal });
    await expect(attempt).rejects.toEqual(new NfcWriteError('mismatch'));
  });

  it('says "unverified" when the written tag cannot be read back in time', async () => {
    const { Reader } = fakeReader({ readBack: () => 'never' });
    const attempt = writeTipLinkToTag(LINK, {
      Reader,
      signal: new AbortController().signal,
      timeoutMs: 20,
    });
    await expect(attempt).rejects.toEqual(new NfcWriteError('unverified'));
    const unreadable = fakeReader({ readBack: () => 'error' });
    await expect(
      writeTipLinkToTag(LINK, { Reader: unreadable.Reader, signal: new AbortController().signal }),
    ).rejects.toEqual(new NfcWriteError('unverified'));
  });

  it('names each failure of the write', async () => {
    for (const [error, problem] of [
      [dom('NetworkError', 'Failed to write due to an IO error.'), 'tagLost'],
      [dom('NotAllowedError', 'The NFC tag is read-only.'), 'readOnly'],
      [dom('NotSupportedError', 'The message is too large for the tag.'), 'tooSmall'],
      [dom('NotSupportedError', 'The tag is not NDEF compatible.'), 'unsupportedTag'],
      [dom('NotAllowedError', 'NFC permission request denied.'), 'permission'],
    ] as const) {
      const { Reader } = fakeReader({ writeError: error });
      await expect(
        writeTipLinkToTag(LINK, { Reader, signal: new AbortController().signal }),
      ).rejects.toEqual(new NfcWriteError(problem));
    }
  });

  it('stops waiting for a tag when the person cancels, or after the time limit', async () => {
    class WaitingReader extends EventTarget implements NdefReaderLike {
      write(_message: unknown, options?: { signal?: AbortSignal }) {
        return new Promise<void>((_resolve, reject) => {
          options?.signal?.addEventListener('abort', () => reject(dom('AbortError')));
        });
      }
      async scan() {}
    }
    const cancel = new AbortController();
    const cancelled = writeTipLinkToTag(LINK, { Reader: WaitingReader, signal: cancel.signal });
    cancel.abort();
    await expect(cancelled).rejects.toEqual(new NfcWriteError('cancelled'));
    await expect(
      writeTipLinkToTag(LINK, {
        Reader: WaitingReader,
        signal: new AbortController().signal,
        timeoutMs: 20,
      }),
    ).rejects.toEqual(new NfcWriteError('timeout'));
  });
});

describe('nfcProblemOf and urlOfRecords', () => {
  it('treats anything unknown as "other" and reads absolute-url records too', () => {
    expect(nfcProblemOf(new Error('boom'))).toBe('other');
    expect(nfcProblemOf(undefined)).toBe('other');
    const data = new DataView(new TextEncoder().encode(LINK).buffer);
    expect(urlOfRecords([{ recordType: 'text' }, { recordType: 'absolute-url', data }])).toBe(LINK);
    expect(urlOfRecords([{ recordType: 'text' }])).toBeNull();
  });
});
