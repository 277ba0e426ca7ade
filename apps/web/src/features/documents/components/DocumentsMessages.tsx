import type { ReactNode } from 'react';
import { MessagesBoundary } from '../../../components/MessagesBoundary';

/** The documents catalogue for the parts inside, behind their own loading boundary. */
export function DocumentsMessages(props: { children: ReactNode; fallback?: ReactNode }) {
  return <MessagesBoundary namespace="documents" {...props} />;
}
