import { Suspense, type ReactNode } from 'react';
import { NamespaceMessages } from '../../../i18n/NamespaceMessages';

/**
 * The payments catalogue for the parts inside. Each part the routes compose wraps itself in one,
 * so its strings arrive with it; its own boundary keeps the rest of the page on screen meanwhile.
 */
export function PaymentsMessages({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <NamespaceMessages namespace="payments">{children}</NamespaceMessages>
    </Suspense>
  );
}
