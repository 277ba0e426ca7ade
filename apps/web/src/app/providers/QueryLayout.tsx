import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './queryClient';

/**
 * Provides TanStack Query to the routes inside it: every page except the landing and sign-in
 * pages, which must stay within the JavaScript budget and do not need it.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
