/** Player support: search by wallet, email or referral code (prefix, up to 20), then one player's file. */

import { useId, useState } from 'react';
import { Button, Chip } from '../../pixel';
import { opsGet } from '../api';
import type { OpsPlayerSummary } from '../../../shared/ops';
import { formatCoins, shorten } from '../format';
import { Panel } from '../Stats';
import { PlayerFile } from './PlayerFile';

export function PlayersView() {
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<OpsPlayerSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  const search = async () => {
    setBusy(true);
    setError(null);
    try {
      setRows((await opsGet('players', { query: { q: query.trim() } })).items);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (chosen) return <PlayerFile id={chosen} onBack={() => setChosen(null)} />;
  return (
    <Panel title="Players" className="ops-wide">
      <form
        className="ops-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <label className="ops-field" htmlFor={id}>
          <span className="ops-label">Wallet, email or referral code</span>
          <input
            id={id}
            className="ops-input"
            required
            minLength={2}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <Button type="submit" color="purple" loading={busy}>
          Search
        </Button>
      </form>
      {error && (
        <p className="ops-error" role="alert">
          {error}
        </p>
      )}
      {rows && rows.length === 0 && <p role="status">No player matches.</p>}
      {rows && rows.length > 0 && (
        <ul className="ops-cards" aria-label="Players found">
          {rows.map((row) => (
            <li key={row.id} className="ops-card">
              <button type="button" className="ops-link-card" onClick={() => setChosen(row.id)}>
                <span className="ops-card-head">
                  <strong>{row.email ?? (row.wallet ? shorten(row.wallet) : row.id)}</strong>
                  {row.blocked && <Chip color="orange">blocked</Chip>}
                </span>
                <span className="ops-card-line">
                  {row.wallet ? shorten(row.wallet) : 'no wallet'} · code {row.referralCode ?? '—'} · balance{' '}
                  {formatCoins(row.balance)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
