import { Suspense, type ReactNode } from 'react';
import { NamespaceMessages } from '../../../i18n/NamespaceMessages';

/** The documents catalogue for the parts inside, behind their own loading boundary. */
export function DocumentsMessages({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <NamespaceMessages namespace="documents">{children}</NamespaceMessages>
    </Suspense>
  );
}
