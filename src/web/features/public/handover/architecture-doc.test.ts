import { describe, expect, it } from 'vitest';
import { firstCodeBlock } from './architecture-doc';

describe('firstCodeBlock', () => {
  it('takes the first fenced block without its fences', () => {
    expect(firstCodeBlock('# T\n\ntext\n```\nsrc/\n  web/\n```\n\n```ts\nlater\n```')).toBe(
      'src/\n  web/',
    );
  });

  it('answers an empty string when there is none', () => {
    expect(firstCodeBlock('# Nur Text')).toBe('');
  });
});
