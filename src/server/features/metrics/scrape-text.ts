/**
 * Reading the Prometheus text format and PromQL series selectors, far enough to check that the
 * documented alert rules and series exist in a scrape. Not a PromQL
 * parser: it finds `name{label="v", label=~"re"}` selectors, which is all the rules use.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

export interface Selector {
  name: string;
  matchers: Matcher[];
}

export function parseScrape(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Every series selector naming one of our metrics in a PromQL expression. */
export function selectorsOf(expr: string, prefix = 'trinkgeld_'): Selector[] {
  const selectors: Selector[] = [];
  const pattern = new RegExp(`\\b(${prefix}[a-zA-Z0-9_:]*)(?:\\{([^}]*)\\})?`, 'g');
  for (const match of expr.matchAll(pattern)) {
    const matchers = [
      ...(match[2] ?? '').matchAll(/(\w+)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g),
    ].map((m) => ({ label: m[1]!, op: m[2] as Matcher['op'], value: m[3]! }));
    selectors.push({ name: match[1]!, matchers });
  }
  return selectors;
}

/**
 * A regex matcher of plain alternatives (`job=~"a|b"`) as one selector per alternative: a rule
 * over several label values needs each of them, not just one.
 */
export function eachAlternative(selector: Selector): Selector[] {
  const index = selector.matchers.findIndex(
    (matcher) => matcher.op === '=~' && /^[\w-]+(\|[\w-]+)+$/.test(matcher.value),
  );
  if (index < 0) return [selector];
  return selector.matchers[index]!.value.split('|').flatMap((value) =>
    eachAlternative({
      name: selector.name,
      matchers: selector.matchers.map((matcher, i) =>
        i === index ? { label: matcher.label, op: '=' as const, value } : matcher,
      ),
    }),
  );
}

function matches(sample: Sample, matcher: Matcher): boolean {
  const actual = sample.labels[matcher.label] ?? '';
  switch (matcher.op) {
    case '=':
      return actual === matcher.value;
    case '!=':
      return actual !== matcher.value;
    case '=~':
      return new RegExp(`^(?:${matcher.value})$`).test(actual);
    case '!~':
      return !new RegExp(`^(?:${matcher.value})$`).test(actual);
  }
}

export function seriesMatching(samples: Sample[], selector: Selector): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === selector.name &&
      selector.matchers.every((matcher) => matches(sample, matcher)),
  );
}
