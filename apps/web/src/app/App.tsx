import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { setUnauthenticatedHandler } from '../api/client';
import { currentUserKey } from '../api/auth';
import { Overlay } from '../ui/Overlay';
import { ConfirmHost } from '../ui/confirm';
import { router } from './router';

// The API helper shows its own toasts, so queries do not retry into a storm of identical failures.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

setUnauthenticatedHandler(() => {
  queryClient.setQueryData(currentUserKey, null);
  void router.navigate('/');
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ConfirmHost />
      <Overlay />
    </QueryClientProvider>
  );
}
