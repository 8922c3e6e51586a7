import { describe, expect, it } from 'vitest';
import { decodeGameEvent } from '../../src/client/net/events';
import { limitReached, reducePanel } from '../../src/client/panels/transitions';
import { houseWarning } from '../../src/client/hud/panel/houseWarning';
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
    const created = {
      eventType: 'GAME_CREATED',
      data: { gameId: '8', hash: 'h', startsAt: 1, serverTime: 0 },
    } as const;
    expect(reducePanel(panel({ outcome: { won: true, rate: 1.16, amount: 116 } }), created).outcome).toBeNull();
  });

  it("warns before a bet whose target the house's per-bet cap would lower, as place_bet lowers it", () => {
    // 100 coins may win 50 (5000 hundredths): x1.50 at most.
    const house = { maxBetProfit: 5000, largestBet: 10_000_000 };
    const auto = panel({ amount: '100', target: '2.00', autoCashOut: true });
    expect(houseWarning(auto, house)).toBe('House limit: this bet would cash out at x1.50 at most');
    expect(houseWarning({ ...auto, target: '1.50' }, house)).toBeNull();
    expect(houseWarning({ ...auto, autoCashOut: false }, house)).toBe(
      'House limit: this bet would cash out at x1.50 at most',
    );
    expect(houseWarning({ ...auto, betState: 'created' }, house)).toBeNull();
    // A cap far up the flight binds only a target above it: by hand (below x10 only) or at x2.00 it is not said.
    const far = { maxBetProfit: 75_075_00, largestBet: 10_000_000 };
    const usual = panel({ amount: '200', target: '2.00', autoCashOut: true });
    expect(houseWarning(usual, far)).toBeNull();
    expect(houseWarning({ ...usual, autoCashOut: false }, far)).toBeNull();
    expect(houseWarning({ ...usual, target: '500' }, far)).toBe(
      'House limit: this bet would cash out at x376.37 at most',
    );
    expect(houseWarning(auto, { maxBetProfit: null, largestBet: null })).toBeNull();
  });

  it("names the smallest limit a stake passes, in the words of the server's refusal", () => {
    // The house covers 5.000 coins, the table 100.000: the house binds at 10.000 coins.
    const house = { maxBetProfit: 5000, largestBet: 10_000_000 };
    expect(houseWarning(panel({ amount: '10000' }), house)).toBe(
      'The house can cover a bet of at most 5.000 coins right now',
    );
    // The house covers 7.507.500 coins: the table binds, for 150.000 and for 99.999.999 coins alike.
    const rich = { maxBetProfit: 750_750_000, largestBet: 10_000_000 };
    expect(houseWarning(panel({ amount: '150000' }), rich)).toBe('The largest bet is 100.000 coins');
    expect(houseWarning(panel({ amount: '99999999' }), rich)).toBe('The largest bet is 100.000 coins');
  });
});
