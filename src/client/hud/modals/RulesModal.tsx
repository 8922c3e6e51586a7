/** The Game rules modal (docs/spec.md §2): nine sections on how moonrush is played; the panels' section lists the hotkeys. */

import { HotkeysToggle } from '../header/HotkeysToggle';
import { HOTKEYS } from '../hotkeys';
import { BET_MIN, BET_QUICK_ADDS, BET_STEP, HISTORY_LENGTH, RATE_INPUT_MAX } from '../../../shared/constants';
import { Modal } from './Modal';

export function RulesModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} onClose={onClose} title="Game rules" className="modal-wide">
      <div className="rules">
        <h3>1. How to play</h3>
        <p>
          Every round starts with a short betting window while the screen says &lsquo;Waiting for the next round&rsquo;.
          Then the rocket takes off and the multiplier grows from x1.00. Cash out with CLAIM before the rocket flies
          away: your bet is paid back times the multiplier at that moment. If it flies away first, the bet is lost.
        </p>
        <h3>2. The two bet panels</h3>
        <p>
          You can play two bets in the same round, one in each panel. Type an amount or use &minus; and + (steps of{' '}
          {BET_STEP}, at least {BET_MIN}) and the quick buttons {BET_QUICK_ADDS.map((add) => `+${add}`).join(', ')}. The
          big button reads BET before you bet, CANCEL once your bet is in, CLAIM while the rocket flies and WAITING when
          your bet will go into the next round. Press Space to press the button of the panel you are in.
        </p>
        <p>
          Hotkeys are off until you switch them on, here or in the menu; they never act while you type in a field or a
          dialog is open.
        </p>
        <HotkeysToggle />
        <ul data-testid="hotkeys">
          {HOTKEYS.map(([key, action]) => (
            <li key={key}>
              <kbd>{key}</kbd>: {action}
            </li>
          ))}
        </ul>
        <h3>3. Auto bet</h3>
        <p>
          With Auto bet on, the panel places the same bet again in every new round until you switch it off, your balance
          is too small, or a bet is refused. Typing a new amount or changing either switch stops it.
        </p>
        <h3>4. Auto cash out</h3>
        <p>
          With Auto cash out on, the server cashes your bet out for you the moment the multiplier reaches the target you
          typed (from x1.01 up to x{RATE_INPUT_MAX}.00), even if your connection drops. You can still press CLAIM
          earlier.
        </p>
        <h3>5. Cancelling</h3>
        <p>
          Until the round starts, CANCEL takes your bet back in full. A press of BET while a round is flying queues the
          bet for the next round (WAITING); press WAITING to take it back. Once the rocket is in the air a bet can only
          be cashed out.
        </p>
        <h3>6. Provably fair</h3>
        <p>
          We fix every round before anyone bets on it, and we commit to a whole chain of rounds in advance. We draw one
          secret random seed and hash it with sha256 again and again, a million times; the last hash, the commitment, is
          published (<code>/api/v1/game/fairness</code>) before the first round of the chain. The rounds then use those
          seeds backwards: each round&rsquo;s salt is the seed whose sha256 is the previous round&rsquo;s salt, so no
          round can be changed without breaking the chain.
        </p>
        <p>
          The crash point mixes the salt with a public client seed we cannot choose, named with its source next to the
          commitment: the hash of a Solana block made after the commitment was published. HMAC-SHA256 of the client seed
          with the salt as key gives a number <code>u</code> from 0 to 1, <code>r = 1 + floor(u × 1,000,000,000)</code>{' '}
          and <code>crash = max(1, 0.95 × 1,000,000,000 / r)</code>, shown truncated to two decimals. Before a round
          starts we publish its hash, <code>sha256(String(crash) + salt)</code>; when it ends, the crash point and the
          salt.
        </p>
        <p>
          The Fairness button and every round in the history (and every bet in the top list and in your bets) open this
          data, and your browser checks three things: the hash matches the crash point and salt, the salt and the client
          seed give that crash point, and the salt hashes to the previous round&rsquo;s salt. To check every round at
          once, run <code>npm run verify</code> from the moonrush source.
        </p>
        <h3>7. Return and limits</h3>
        <p>
          Whatever target you aim for, the chance to reach x<i>m</i> is 95 % divided by <i>m</i>, so the game returns 95
          % of what is bet over time; about one round in seventeen ends at x1.00. A bet is at least {BET_MIN} coins; the
          operator sets the largest bet and the largest win (by default 100.000 coins and 10.000.000 coins); a bet that
          reaches the largest win is cashed out for you. You can have two bets in a round. The last {HISTORY_LENGTH}{' '}
          rounds are shown above the panels.
        </p>
        <h3>8. Disconnects</h3>
        <p>
          A cash-out counts when the server receives it, before the crash instant. If your connection drops the header
          shows &lsquo;Reconnecting…&rsquo;; bets already placed stay in the round and Auto cash out still works on the
          server. A round that cannot finish (a server stop) is voided and every bet in it is refunded.
        </p>
        <h3>9. Playing responsibly</h3>
        <p>
          moonrush is a game of chance with a house edge: over time you lose 5 % of what you bet. Only play with money
          you can afford to lose, set yourself a limit before you start, take breaks, and never chase losses. If
          gambling stops being fun, stop and talk to someone you trust or a local support service.
        </p>
      </div>
    </Modal>
  );
}
