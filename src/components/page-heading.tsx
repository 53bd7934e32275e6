import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The page's h1. It takes focus whenever the route changes, so keyboard and screen-reader users
 * start on the new page instead of the link they pressed.
 */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, [location.pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className={className ?? 'h3 mb-4'} style={{ outline: 'none' }}>
      {children}
    </h1>
  );
}
