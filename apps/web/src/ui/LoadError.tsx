import { ApiError } from '../api/client';

/**
 * A list that did not load (docs/shell.md): the failure in the API helper's words ('Failed to load
 * projects: {detail}', 'Edrf schema upgrade required') and a way to try again, instead of an empty
 * state that would say the account has nothing. After a 426 only a reload helps (P§4), so the button
 * reloads the page.
 */
export function LoadError({
  error,
  action,
  onRetry,
  retrying,
}: {
  error: unknown;
  action: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const upgrade = error instanceof ApiError && error.status === 426;
  const message = error instanceof ApiError ? error.message : `Failed to ${action}`;
  return (
    <div className="empty-state load-error" role="alert">
      <p>{message}</p>
      {upgrade ? (
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Refresh the page
        </button>
      ) : (
        <button type="button" className="btn" disabled={retrying} onClick={onRetry}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </div>
  );
}
