import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const source = readFileSync(path.join(import.meta.dirname, 'sw.js'), 'utf8');

/** Cache Storage in memory: cache name -> stored paths. */
function fakeCaches(initial: Record<string, string[]>) {
  const store = new Map(Object.entries(initial).map(([name, urls]) => [name, new Set(urls)]));
  /** The bodies of the responses the worker stored with `put`. */
  const puts: string[] = [];
  const open = async (name: string) => {
    if (!store.has(name)) store.set(name, new Set());
    const cache = store.get(name)!;
    const pathOf = (request: string | { url: string }) =>
      new URL(typeof request === 'string' ? request : request.url, 'https://t.example').pathname;
    return {
      add: async (request: string | { url: string }) => void cache.add(pathOf(request)),
      addAll: async (requests: string[]) => requests.forEach((r) => cache.add(pathOf(r))),
      put: async (request: string | { url: string }, response: { body: string }) => {
        cache.add(pathOf(request));
        puts.push(response.body);
      },
    };
  };
  return {
    store,
    puts,
    api: {
      open,
      keys: async () => [...store.keys()],
      delete: async (name: string) => store.delete(name),
    },
  };
}

/** Runs the worker of one build against the caches and fires install and activate. */
async function deploy(
  files: string[],
  caches: ReturnType<typeof fakeCaches>,
  fetch: (request: unknown) => Promise<unknown> = async () => undefined,
) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const self = {
    __WB_MANIFEST: files.map((url) => ({ url, revision: null })),
    location: { origin: 'https://t.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  class FakeRequest {
    constructor(public url: string) {}
  }
  runInNewContext(source, { self, caches: caches.api, Request: FakeRequest, URL, fetch });
  for (const type of ['install', 'activate']) {
    let wait: Promise<unknown> = Promise.resolve();
    listeners[type]!({ waitUntil: (promise: Promise<unknown>) => (wait = promise) });
    await wait;
  }
  return listeners;
}

/** A page's answer as the worker sees it. */
function pageResponse(body: string, cacheControl: string) {
  const headers = new Map([
    ['content-type', 'text/html; charset=utf-8'],
    ['cache-control', cacheControl],
  ]);
  const response = {
    ok: true,
    body,
    headers: { get: (name: string) => headers.get(name) ?? null },
    clone: () => response,
  };
  return response;
}

/** Fires a navigation at the worker and waits for its answer and its cache writes. */
async function navigate(listeners: Record<string, (event: unknown) => void>, url: string) {
  const waits: Promise<unknown>[] = [];
  let answer: Promise<unknown> = Promise.resolve();
  listeners.fetch!({
    request: { method: 'GET', mode: 'navigate', url },
    respondWith: (promise: Promise<unknown>) => (answer = promise),
    waitUntil: (promise: Promise<unknown>) => waits.push(promise),
  });
  const response = await answer;
  await Promise.all(waits);
  return response;
}

describe('staff app service worker', () => {
  it('stores each build in a cache of its own and deletes the previous build', async () => {
    const caches = fakeCaches({ 'trinkgeld-staff-shell-v1': ['/assets/ancient.js'] });
    await deploy(['assets/app-aaa.js', 'assets/app-aaa.css'], caches);
    expect([...caches.store.keys()]).toHaveLength(1);
    const [first] = [...caches.store.keys()];
    expect(first).toMatch(/^trinkgeld-staff-[0-9a-z]+$/);
    expect([...caches.store.get(first!)!].sort()).toEqual([
      '/assets/app-aaa.css',
      '/assets/app-aaa.js',
      '/employee/dashboard',
    ]);

    await deploy(['assets/app-bbb.js', 'assets/app-aaa.css'], caches);
    const names = [...caches.store.keys()];
    expect(names).toHaveLength(1);
    expect(names[0]).not.toBe(first);
    expect([...caches.store.get(names[0]!)!]).not.toContain('/assets/app-aaa.js');
  });

  it("keeps a page every visitor gets as its offline shell, never a person's no-store page", async () => {
    const caches = fakeCaches({});
    let next = pageResponse('shared shell', 'no-cache');
    const listeners = await deploy(['assets/app-aaa.js'], caches, async () => next);
    expect(await navigate(listeners, 'https://t.example/employee/dashboard')).toBe(next);
    expect(caches.puts).toEqual(['shared shell']);

    // The page with the session and profile in it (decision 0417) is answered, not stored.
    next = pageResponse('anna@demo.local', 'private, no-store');
    expect(await navigate(listeners, 'https://t.example/employee/dashboard')).toBe(next);
    expect(caches.puts).toEqual(['shared shell']);
  });
});
