import type { ReactNode } from 'react';
import { LoadingBlock } from '../../../components/LoadState';
import { MessagesBoundary } from '../../../components/MessagesBoundary';

/** The discussions' strings (the 'discussions' catalogue), for the discussion screens of every area. */
export function DiscussionsMessages({ children }: { children: ReactNode }) {
  return (
    <MessagesBoundary namespace="discussions" fallback={<LoadingBlock />}>
      {children}
    </MessagesBoundary>
  );
}
