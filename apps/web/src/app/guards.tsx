import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '@edrf/model';
import { useCurrentUser } from '../api/auth';
import { ErrorPage } from '../pages/error/ErrorPage';
import { LoadingMessage } from '../ui/Overlay';
import { toast } from '../ui/alerts';

/** A protected page sends a visitor who is not signed in to / with url= the path and query they asked for. */
export function RequireAuth({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <LoadingMessage message="Loading…" />;
  if (isError) return <ErrorPage status={503} message="The server cannot be reached" />;
  if (!user) return <Navigate to={`/?url=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children(user);
}

/** The admin area does not exist for anyone but platform admins, signed in or not (P§6). */
export function RequireAdmin({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <LoadingMessage message="Loading…" />;
  if (!user?.is_admin) return <ErrorPage status={404} message="Not found" />;
  return children(user);
}

/** Leaves a page that cannot be shown for `to`, saying why in a toast, an error unless told (P§2 Project load). */
export function RedirectWithToast({ to, message, kind = 'error' }: { to: string; message: string; kind?: 'error' | 'warning' }) {
  const navigate = useNavigate();
  useEffect(() => {
    toast[kind](message);
    void navigate(to, { replace: true });
  }, [navigate, to, message, kind]);
  return null;
}
