import type { ReactNode } from 'react';
import { MessagesBoundary } from '../../../components/MessagesBoundary';
import { LoadingBlock } from '../../../components/LoadState';

/** The course content strings (the 'content' catalogue), for the content screens of every area. */
export function ContentMessages({ children }: { children: ReactNode }) {
  return (
    <MessagesBoundary namespace="content" fallback={<LoadingBlock />}>
      {children}
    </MessagesBoundary>
  );
}
