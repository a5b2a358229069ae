import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isValidEmail, postLoginTarget } from '@edrf/model';
import { currentUserKey, fetchAuthEvent, loginAuth, loginEmail, loginPasscode, useCurrentUser } from '../../api/auth';
import { ApiError } from '../../api/client';
import { loadingStore } from '../../ui/app-status';
import { loginEmailError, passcodeError, providerLabel } from './messages';
import { FormError } from '../../ui/FormError';

type Provider = 'google' | 'microsoft';

/** The page stays covered while the browser leaves for the provider. */
function leaveFor(url: string, where: string) {
  loadingStore.set(`Redirecting to ${where}…`);
  window.location.assign(url);
}

/** Sign-in (P§2): step 1 the e-mail, step 2 the passcode; or Microsoft / Google. */
export function LoginPage() {
  const [params] = useSearchParams();
  const target = postLoginTarget(params.get('url'));
  const aeid = params.get('aeid');
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [step, setStep] = useState<'email' | 'passcode'>('email');
  const [email, setEmail] = useState('');
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!aeid) return;
    fetchAuthEvent(aeid).then(
      (event) => event.error && setError(`Failed to login with ${providerLabel(event.provider)}: ${event.error}`),
      () => setError('Failed to login'),
    );
  }, [aeid]);

  useEffect(() => {
    // Coming back with the browser's Back button restores this page as it was left: uncover it.
    const uncover = (event: PageTransitionEvent) => event.persisted && loadingStore.set(null);
    window.addEventListener('pageshow', uncover);
    return () => window.removeEventListener('pageshow', uncover);
  }, []);

  if (user) return <Navigate to={target} replace />;

  const host = window.location.origin;

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email)) return setError('Enter a valid e-mail address');
    setBusy(true);
    setError(null);
    try {
      const answer = await loginEmail({ email, host, target_url: target });
      if (answer.redirect_url) return leaveFor(answer.redirect_url, 'your sign-in provider');
      setPasscode('');
      setStep('passcode');
    } catch (failure) {
      setError(loginEmailError(failure));
    } finally {
      setBusy(false);
    }
  }

  async function submitPasscode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(passcode)) return setError('Enter the 6-digit passcode from the e-mail');
    setBusy(true);
    setError(null);
    try {
      const signedIn = await loginPasscode({ email, passcode });
      queryClient.setQueryData(currentUserKey, signedIn);
      await navigate(target, { replace: true });
    } catch (failure) {
      setError(passcodeError(failure));
      setBusy(false);
    }
  }

  async function signInWith(provider: Provider) {
    setBusy(true);
    setError(null);
    try {
      const { redirect_url } = await loginAuth({ provider, host, target_url: target });
      leaveFor(redirect_url, providerLabel(provider));
    } catch (failure) {
      const detail = failure instanceof ApiError && failure.detail ? `: ${failure.detail}` : '';
      setError(`Failed to login with ${providerLabel(provider)}${detail}`);
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-brand">edrf</div>
        <h1>Sign in</h1>
        {step === 'email' ? (
          <form onSubmit={(event) => void submitEmail(event)} noValidate>
            <label className="field">
              <span>E-mail</span>
              <input type="email" autoComplete="email" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
            </label>
            <FormError message={error} />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? 'Sending…' : 'Next'}
            </button>
          </form>
        ) : (
          <form onSubmit={(event) => void submitPasscode(event)} noValidate>
            <p className="muted">
              We sent a 6-digit passcode to <strong>{email}</strong>. It is valid for 10 minutes.
            </p>
            <label className="field">
              <span>Passcode</span>
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                value={passcode}
                onChange={(event) => setPasscode(event.target.value.replace(/\D/g, ''))}
              />
            </label>
            <FormError message={error} />
            <div className="row">
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setStep('email');
                  setError(null);
                }}
              >
                Back
              </button>
              <button type="submit" className="btn btn-primary grow" disabled={busy}>
                {busy ? 'Signing in…' : 'Sign in'}
              </button>
            </div>
          </form>
        )}
        <div className="divider">or</div>
        <button type="button" className="btn btn-block" disabled={busy} onClick={() => void signInWith('microsoft')}>
          Sign in with Microsoft
        </button>
        <button type="button" className="btn btn-block" disabled={busy} onClick={() => void signInWith('google')}>
          Sign in with Google
        </button>
      </div>
    </main>
  );
}
