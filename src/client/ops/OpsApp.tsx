/**
 * The console: sign-in until there is a session, then the header (who, role, sign-out) and six
 * views. The session ends at its expiresAt, on any 401, or on sign-out, and the page goes back to
 * sign-in.
 */

import { useEffect, useState } from 'react';
import { Button, Chip } from '../pixel';
import { opsPost } from './api';
import type { OpsSession } from '../../shared/ops';
import { useOpsFeed } from './feed';
import { RoleContext } from './role';
import { endSession, SESSION_EXPIRED, useSession } from './session';
import { SignIn } from './SignIn';
import { AuditView } from './audit/AuditView';
import { ChatView } from './chat/ChatView';
import { CreditsView } from './credits/CreditsView';
import { LiveView } from './live/LiveView';
import { PlayersView } from './players/PlayersView';
import { WithdrawalsView } from './withdrawals/WithdrawalsView';

const VIEWS = ['Live', 'Withdrawals', 'Credits', 'Players', 'Chat', 'Audit'] as const;
type View = (typeof VIEWS)[number];

export function OpsApp() {
  const { session, notice } = useSession();
  return session ? <Console key={session.token} session={session} /> : <SignIn notice={notice} />;
}

function Console({ session }: { session: OpsSession }) {
  const feed = useOpsFeed(session.token);
  const [view, setView] = useState<View>('Live');
  useEffect(() => {
    const left = Date.parse(session.expiresAt) - Date.now();
    const timer = setTimeout(() => endSession(SESSION_EXPIRED), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [session.expiresAt]);
  const signOut = () => opsPost('logout').finally(() => endSession());
  const review = feed.state?.pending.review;
  const credits = feed.state?.pending.credits;
  const waiting: Partial<Record<View, number | undefined>> = { Withdrawals: review, Credits: credits };
  return (
    <RoleContext value={session.role}>
      <div className="ops">
        <header className="ops-header">
          <h1 className="ops-title">moonrush ops</h1>
          <span
            className={`ops-dot ${feed.connected ? 'ops-dot-on' : ''}`}
            role="status"
            aria-label={feed.connected ? 'Live' : 'Reconnecting'}
            title={feed.connected ? 'Live' : 'Reconnecting'}
          />
          <span className="ops-who">
            <span className="ops-email">{session.email}</span>
            <Chip color={session.role === 'admin' ? 'orange' : 'gray'} aria-label={`Role: ${session.role}`}>
              {session.role}
            </Chip>
          </span>
          <Button color="gray" onClick={() => void signOut()}>
            Sign out
          </Button>
        </header>
        <nav className="ops-nav" aria-label="Views">
          {VIEWS.map((name) => (
            <Button
              key={name}
              color={view === name ? 'purple' : 'gray'}
              aria-current={view === name ? 'page' : undefined}
              onClick={() => setView(name)}
            >
              {name}
              {(waiting[name] ?? 0) > 0 && (
                <span
                  className="ops-badge"
                  title={name === 'Credits' ? 'Waiting for a second admin' : 'Held for review'}
                >
                  {waiting[name]}
                </span>
              )}
            </Button>
          ))}
        </nav>
        <main className="ops-main">
          {view === 'Live' && <LiveView state={feed.state} />}
          {view === 'Withdrawals' && <WithdrawalsView session={session} review={review} />}
          {view === 'Credits' && <CreditsView session={session} held={credits} />}
          {view === 'Players' && <PlayersView />}
          {view === 'Chat' && <ChatView />}
          {view === 'Audit' && <AuditView live={feed.liveAudit} />}
        </main>
      </div>
    </RoleContext>
  );
}
