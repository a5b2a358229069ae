import { useStore } from '../lib/store';
import { alertsStore, dismissAlert, type Alert } from './alerts';
import { loadingStore, upgradeRequiredStore } from './app-status';

function Toast({ alert }: { alert: Alert }) {
  return (
    <div className={`toast toast-${alert.cls}`} role={alert.cls === 'error' ? 'alert' : 'status'}>
      <span className="toast-msg">{alert.msg}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismissAlert(alert.id)}>
        ×
      </button>
      {alert.timeout_ms > 0 && <div className="toast-progress" style={{ animationDuration: `${alert.timeout_ms}ms` }} />}
    </div>
  );
}

/** The full-screen loading message (P§2), shown while a task runs. */
export function LoadingMessage({ message }: { message: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="spinner" />
      <div>{message}</div>
    </div>
  );
}

/** The global overlay (P§2): toasts at the bottom centre, the loading message, the upgrade banner. */
export function Overlay() {
  const alerts = useStore(alertsStore);
  const loading = useStore(loadingStore);
  const upgradeRequired = useStore(upgradeRequiredStore);
  return (
    <>
      {upgradeRequired && (
        <div className="upgrade-banner" role="alert">
          Client upgrade required - please refresh the page
          <button type="button" onClick={() => window.location.reload()}>
            Refresh
          </button>
        </div>
      )}
      {loading !== null && <LoadingMessage message={loading} />}
      <div className="toasts">
        {alerts.map((alert) => (
          <Toast key={alert.id} alert={alert} />
        ))}
      </div>
    </>
  );
}
