import type { ReactNode } from 'react';
import { MessagesBoundary } from '../../../components/MessagesBoundary';

/**
 * The payments catalogue for the parts inside. Each part the routes compose wraps itself in one,
 * so its strings arrive with it; its own boundary keeps the rest of the page on screen meanwhile.
 */
export function PaymentsMessages(props: { children: ReactNode; fallback?: ReactNode }) {
  return <MessagesBoundary namespace="payments" {...props} />;
}
