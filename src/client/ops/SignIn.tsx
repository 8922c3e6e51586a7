/** Sign-in: email, password and the 6-digit code of the operator's authenticator app (docs/ops.md "Signing in"). */

import { useId, useState } from 'react';
import { Box, Button } from '../pixel';
import { opsPost } from './api';
import { startSession } from './session';

export function SignIn({ notice }: { notice: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      startSession(await opsPost('auth', { email: email.trim(), password, totp }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Error occurred');
      setBusy(false);
    }
  };
  return (
    <main className="ops-signin">
      <Box className="ops-signin-box">
        <h1 className="ops-title">moonrush ops</h1>
        {notice && (
          <p className="ops-notice" role="status">
            {notice}
          </p>
        )}
        <form
          className="ops-form"
          aria-label="Operator sign-in"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="ops-field" htmlFor={`${id}-email`}>
            <span className="ops-label">Email</span>
            <input
              id={`${id}-email`}
              className="ops-input"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="ops-field" htmlFor={`${id}-password`}>
            <span className="ops-label">Password</span>
            <input
              id={`${id}-password`}
              className="ops-input"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <label className="ops-field" htmlFor={`${id}-totp`}>
            <span className="ops-label">Code from your authenticator</span>
            <input
              id={`${id}-totp`}
              className="ops-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              value={totp}
              onChange={(event) => setTotp(event.target.value.replace(/\D/g, ''))}
            />
          </label>
          {error && (
            <p className="ops-error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" color="orange" loading={busy}>
            Sign in
          </Button>
        </form>
      </Box>
    </main>
  );
}
