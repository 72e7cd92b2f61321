import Box from '@mui/material/Box';
import { createContext, type ReactNode, useContext, useLayoutEffect, useRef, useState } from 'react';
import { useIsPhone } from './use-is-phone';

/**
 * Narrower than this, the find pane lays out as on a phone (the network picker beside the query box,
 * short counts, icon buttons): on a tablet or a small window the export list takes 340-400 px of it.
 */
const COMPACT_BELOW_PX = 720;

const IsCompact = createContext<boolean | null>(null);

/** Whether the find pane is laid out compactly: on a phone, or when the pane itself is narrow. */
export function useIsCompact(): boolean {
  const isPhone = useIsPhone();
  return useContext(IsCompact) ?? isPhone;
}

/** The find pane's box: it measures its own width and tells what it holds (useIsCompact). */
export function CompactPaneBox({ children }: { children: ReactNode }) {
  const isPhone = useIsPhone();
  const box = useRef<HTMLDivElement>(null);
  const [isNarrow, setIsNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // A width of 0 is a pane not laid out (jsdom lays out nothing): not counted as narrow.
    const measure = () => {
      const { width } = element.getBoundingClientRect();
      setIsNarrow(width > 0 && width < COMPACT_BELOW_PX);
    };
    measure();
    // Older web views (and jsdom) have no ResizeObserver: the width then counts as measured once.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <IsCompact.Provider value={isPhone || isNarrow}>
      <Box ref={box} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
        {children}
      </Box>
    </IsCompact.Provider>
  );
}
