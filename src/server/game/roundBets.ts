/** Bets shown on the game pages: the ledger's views of a round's bets and of the biggest wins. */

export { roundBets as betsOfRound, leaders as topWins } from '../ledger/betViews';
