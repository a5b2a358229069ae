import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { issueGrantToken } from '../../api/auth';
import { RequireAuth } from '../../app/guards';

type Outcome = 'Access granted' | 'Access denied' | 'Could not issue grant token';

/** Grant confirmation (P§2, P§7): a program of the user's asks to act as them; Yes or No. */
export function GrantPage() {
  const [params] = useSearchParams();
  const clientId = params.get('client_id') ?? '';
  const challenge = params.get('code_challenge') ?? '';
  const method = params.get('code_method') ?? 'S256';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function answer(op_type: 'grant' | 'deny') {
    setBusy(true);
    try {
      await issueGrantToken({ code_challenge: challenge, code_method: method, op_type });
      setOutcome(op_type === 'grant' ? 'Access granted' : 'Access denied');
    } catch {
      setOutcome('Could not issue grant token');
    } finally {
      setBusy(false);
    }
  }

  return (
    <RequireAuth>
      {(user) => (
        <main className="auth-page">
          <div className="auth-card">
            <div className="auth-brand">edrf</div>
            <h1>Grant access</h1>
            {!clientId || !challenge ? (
              <p className="form-error" role="alert">
                This grant request is incomplete: it needs client_id and code_challenge.
              </p>
            ) : outcome ? (
              <>
                <p className={outcome === 'Access granted' ? 'outcome-ok' : 'form-error'} role="status">
                  {outcome}
                </p>
                {outcome !== 'Could not issue grant token' && <p className="muted">You can close this window and return to {clientId}.</p>}
              </>
            ) : (
              <>
                <p>
                  <strong>{clientId}</strong> asks for access to your edrf account <strong>{user.email}</strong>.
                </p>
                <p className="muted">It will be able to do what you can do in edrf.</p>
                <div className="row">
                  <button type="button" className="btn grow" disabled={busy} onClick={() => void answer('deny')}>
                    No
                  </button>
                  <button type="button" className="btn btn-primary grow" disabled={busy} onClick={() => void answer('grant')}>
                    Yes
                  </button>
                </div>
              </>
            )}
          </div>
        </main>
      )}
    </RequireAuth>
  );
}
