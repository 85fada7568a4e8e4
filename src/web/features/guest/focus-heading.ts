import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to a step's heading when the step appears (or when
 * `ready` turns true), so the next step is announced and Tab continues from there. The heading
 * needs tabIndex={-1}.
 */
export function useFocusedHeading(ready = true) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ready) ref.current?.focus();
  }, [ready]);
  return ref;
}
