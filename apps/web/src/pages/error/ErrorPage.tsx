import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** Any failure or unknown path: the status and its message (P§2, P§8). */
export function ErrorPage({ status = 404, message = 'Not found' }: { status?: number; message?: string }) {
  return (
    <main className="error-page">
      <div className="error-status">{status}</div>
      <h1>{message}</h1>
      <Link to="/projects" className="btn">
        Go to projects
      </Link>
    </main>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} message={error.statusText || 'Error'} />;
  return <ErrorPage status={500} message={error instanceof Error ? error.message : 'Something went wrong'} />;
}
