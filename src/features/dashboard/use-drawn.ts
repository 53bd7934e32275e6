import { useEffect, useState } from 'react';

const FIRST_PAINT = 'first-contentful-paint';
/** Never wait longer than this for the browser to report its first paint. */
const PAINT_WAIT_MS = 3000;

function paintedAlready(): boolean {
  return performance.getEntriesByType?.('paint').some((e) => e.name === FIRST_PAINT) ?? false;
}

function reportsPaints(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
  );
}

/**
 * False until the page has been painted and shown, then true. Work started only then (a chunk to
 * load, a call to make) cannot hold back the first paint, and the browser does not count it among
 * what the page needed to show its content (Lighthouse's FCP and LCP). On a first load that is
 * the browser's first contentful paint, which it reports once the frame is on screen; after
 * that, the next frame.
 */
export function useDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let frame = 0;
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    let fallback: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    const done = () => setDrawn(true);
    // A frame callback runs just before the next paint; a task queued from it runs after it.
    const nextFrame = () => {
      frame = requestAnimationFrame(() => {
        afterFrame = setTimeout(done, 0);
      });
    };
    if (paintedAlready() || !reportsPaints()) nextFrame();
    else {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => e.name === FIRST_PAINT)) done();
      });
      observer.observe({ type: 'paint' });
      fallback = setTimeout(done, PAINT_WAIT_MS);
    }
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
      observer?.disconnect();
    };
  }, []);
  return drawn;
}
