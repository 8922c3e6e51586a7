/**
 * Why the server refused a request, as the page translates it (docs/hud.md "Languages"): a stable code beside the
 * envelope's English `errorMessage`, and the numbers its sentence needs (docs/wire.md "Envelope and
 * statuses"). The page says `refusals.<code>` of its catalogue with these parameters, and falls back
 * to `errorMessage` for a code it does not know.
 */

export type RefusalCode =
  | 'betClosed'
  | 'betsPerRound'
  | 'notEnoughFunds'
  | 'noSuchBet'
  | 'betStarted'
  | 'alreadyCashedOut'
  | 'notStarted'
  | 'roundStopped'
  | 'tooLate'
  | 'roundPaused'
  | 'houseCover'
  | 'blocked'
  | 'excluded'
  | 'excludedForever'
  | 'playerLimit'
  | 'walletShort'
  | 'depositHeld'
  | 'chatEmpty'
  | 'chatTooLong'
  | 'chatLink'
  | 'chatWallet'
  | 'chatReferral'
  | 'chatRepeat'
  | 'chatFlood'
  | 'chatRate'
  | 'chatSlow'
  | 'chatMuted'
  | 'chatRounds'
  | 'chatExcluded'
  | 'chatNoMessage'
  | 'shareNotOwn'
  | 'shareUnsettled';

/**
 * A refusal's parameters, by name: `amount` and `largest` in hundredths of coins, `lamports` in
 * lamports, `until` and `resets` in ms since the epoch, `limit` a limit's name (`lossDaily`), `count`
 * and `reason` as they are, `seconds` and `minutes` durations; `cause` the code of the refusal
 * behind this one (a held deposit's: its parameters stand beside it).
 */
export type RefusalParams = Partial<
  Record<'amount' | 'largest' | 'lamports' | 'until' | 'resets' | 'count' | 'seconds' | 'minutes', number>
> &
  Partial<Record<'limit' | 'reason', string>> &
  Partial<Record<'cause', RefusalCode>>;
