import { describe, expect, it } from 'vitest';
import { decodeGameEvent } from '../../src/client/net/events';
import { limitReached, reducePanel } from '../../src/client/panels/transitions';
import { houseWarning } from '../../src/client/hud/panel/HouseLimit';
import { INITIAL_PANEL, type PanelState } from '../../src/client/state/panelsAtom';

const panel = (change: Partial<PanelState>): PanelState => ({ ...INITIAL_PANEL, ...change });

describe('the house limits on the page', () => {
  it('reads GAME_LIMIT and tells the panel whose bet flies or was just cashed out at its rate', () => {
    const event = decodeGameEvent(JSON.stringify({ eventType: 'GAME_LIMIT', data: { gameId: '7', rate: 1.16 } }));
    expect(event).toEqual({ eventType: 'GAME_LIMIT', data: { gameId: '7', rate: 1.16 } });
    const limit = { gameId: '7', rate: 1.16 };
    const notice = 'House limit reached: cashed out at x1.16';
    expect(limitReached(panel({ betState: 'running', betId: '1' }), limit).notice).toBe(notice);
    expect(limitReached(panel({ outcome: { won: true, rate: 1.16, amount: 116 } }), limit).notice).toBe(notice);
    expect(limitReached(panel({ outcome: { won: true, rate: 1.5, amount: 150 } }), limit).notice).toBeNull();
    expect(limitReached(panel({}), limit).notice).toBeNull();
    // A new round forgets the last cash-out's rate.
    const created = { eventType: 'GAME_CREATED', data: { gameId: '8', hash: 'h', startsAt: 1, serverTime: 0 } } as const;
    expect(reducePanel(panel({ outcome: { won: true, rate: 1.16, amount: 116 } }), created).outcome).toBeNull();
  });

  it("warns before a bet whose target the house's per-bet cap would lower, as place_bet lowers it", () => {
    // 100 coins may win 50 (5000 hundredths): x1.50 at most.
    const auto = panel({ amount: '100', target: '2.00', autoCashOut: true });
    expect(houseWarning(auto, 5000)).toBe('House limit: this bet would cash out at x1.50 at most');
    expect(houseWarning({ ...auto, target: '1.50' }, 5000)).toBeNull();
    expect(houseWarning({ ...auto, autoCashOut: false }, 5000)).toBe(
      'House limit: this bet would cash out at x1.50 at most',
    );
    expect(houseWarning(panel({ amount: '10000' }), 5000)).toBe(
      'The house can cover a bet of at most 5.000 $ right now',
    );
    expect(houseWarning(auto, null)).toBeNull();
    expect(houseWarning({ ...auto, betState: 'created' }, 5000)).toBeNull();
  });
});
