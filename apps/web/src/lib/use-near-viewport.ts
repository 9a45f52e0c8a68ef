import { useCallback, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on). For parts
 * of a page whose code or data is only worth fetching when the reader gets near them.
 * Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearViewport<T extends Element>(
  margin = '300px',
): [ref: (node: T | null) => void, isNear: boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [isNear, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((next: T | null) => setNode(next), []);

  useEffect(() => {
    if (isNear || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, isNear, margin]);

  return [ref, isNear];
}
