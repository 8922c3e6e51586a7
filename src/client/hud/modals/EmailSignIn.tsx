/** Sign-in and registration by email and password (docs/wire.md "Auth"), the second way in beside the wallet. */

import { useState, type FormEvent } from 'react';
import { signInWithPassword } from '../../game/session';
import { Button } from '../../pixel';
import { useT } from '../../i18n/i18n';

export function EmailSignIn() {
  const t = useT();
  const [register, setRegister] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    signInWithPassword(email.trim(), password, register).then(
      () => setBusy(false),
      (failure: Error) => {
        setBusy(false);
        setError(failure.message);
      },
    );
  };

  return (
    <form className="email-sign-in" onSubmit={submit}>
      <p className="email-sign-in-lead">{register ? t('email.leadRegister') : t('email.leadSignIn')}</p>
      <label className="modal-field">
        <span className="modal-field-label">{t('email.email')}</span>
        <input
          className="modal-input"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label className="modal-field">
        <span className="modal-field-label">{t('email.password')}</span>
        <input
          className="modal-input"
          type="password"
          name="password"
          autoComplete={register ? 'new-password' : 'current-password'}
          required
          minLength={register ? 8 : undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <div className="modal-actions">
        {/* Named apart from the wallet's 'Sign In' in the same dialog, the visible words first. */}
        <Button
          type="submit"
          color="green"
          loading={busy}
          aria-label={register ? t('email.registerName') : t('email.signInName')}
        >
          {register ? t('email.register') : t('email.signIn')}
        </Button>
        <Button color="gray" onClick={() => (setRegister(!register), setError(null))}>
          {register ? t('email.haveAccount') : t('email.createAccount')}
        </Button>
      </div>
      {error && (
        <p className="modal-message modal-message-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
