import type { ReactNode } from 'react';
import { LoadingBlock } from '../../../components/LoadState';
import { MessagesBoundary } from '../../../components/MessagesBoundary';

/** The CBT's strings (the 'cbt' catalogue), for its screens in every area and its public page. */
export function CbtMessages({ children }: { children: ReactNode }) {
  return (
    <MessagesBoundary namespace="cbt" fallback={<LoadingBlock />}>
      {children}
    </MessagesBoundary>
  );
}
