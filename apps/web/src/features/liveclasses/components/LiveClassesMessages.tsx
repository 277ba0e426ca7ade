import type { ReactNode } from 'react';
import { LoadingBlock } from '../../../components/LoadState';
import { MessagesBoundary } from '../../../components/MessagesBoundary';

/** The live classes' strings (the 'liveclasses' catalogue), for their screens in every area. */
export function LiveClassesMessages({ children }: { children: ReactNode }) {
  return (
    <MessagesBoundary namespace="liveclasses" fallback={<LoadingBlock />}>
      {children}
    </MessagesBoundary>
  );
}
