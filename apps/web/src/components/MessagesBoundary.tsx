import { Suspense, type ComponentType, type ReactNode } from 'react';
import { NamespaceMessages } from '../i18n/NamespaceMessages';
import type { Namespace } from '../i18n/locales';
import { LoadingBlock } from './LoadState';

/**
 * A namespace's strings for the parts inside, behind their own loading boundary: the part's
 * strings arrive with it and the rest of the page stays on screen meanwhile.
 */
export function MessagesBoundary({
  namespace,
  children,
  fallback = null,
}: {
  namespace: Namespace;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <NamespaceMessages namespace={namespace}>{children}</NamespaceMessages>
    </Suspense>
  );
}

/** A screen whose strings are a namespace of their own, which arrive with it (a loading block meanwhile). */
export function withMessages<P extends object>(namespace: Namespace, Screen: ComponentType<P>) {
  return function ScreenWithMessages(props: P) {
    return (
      <MessagesBoundary namespace={namespace} fallback={<LoadingBlock />}>
        <Screen {...props} />
      </MessagesBoundary>
    );
  };
}
