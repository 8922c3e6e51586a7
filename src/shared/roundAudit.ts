/**
 * The checks a player runs on a finished round (docs/provably-fair.md "The scheme"), in words: the page's Provably
 * Fair dialog and `npm run verify` both use them.
 */

import { crashPointFromSeed, verifyLink, verifyRound } from './fairness';
import { shownRate } from './growth';
import type { RoundDetails, SeedChainInfo } from './protocol';

export interface RoundCheck {
  check: 'hash' | 'crashPoint' | 'rate' | 'link';
  /** pass, fail, or unknown when the data to check it is not public (yet). */
  result: 'pass' | 'fail' | 'unknown';
  text: string;
}

const x = (rate: number) => `x${shownRate(rate).toFixed(2)}`;

/**
 * Checks one round against its seed chain and, for the link, the round before it on the chain
 * (`previous`, the one with chainIndex - 1; not needed for link 1, which links to the commitment).
 */
export async function checkRound(
  round: RoundDetails,
  chain: SeedChainInfo | undefined,
  previous?: RoundDetails | null,
): Promise<RoundCheck[]> {
  const { fullRate, salt } = round;
  if (fullRate === undefined || salt === undefined)
    return [{ check: 'hash', result: 'unknown', text: 'The rate and salt are secret until the round is over.' }];
  const checks: RoundCheck[] = [await hashCheck(round.hash, fullRate, salt)];
  if (round.rate !== undefined) {
    checks.push(
      round.rate === shownRate(fullRate)
        ? {
            check: 'rate',
            result: 'pass',
            text: `The round ended at ${x(fullRate)}, the crash point cut to 2 decimals.`,
          }
        : {
            check: 'rate',
            result: 'fail',
            text: `The round ended at x${round.rate.toFixed(2)}, but its crash point is ${x(fullRate)}.`,
          },
    );
  }
  if (round.chainId === null || round.chainIndex === null) {
    checks.push({
      check: 'crashPoint',
      result: 'unknown',
      text: 'This round was drawn before seed chains: only its hash can be checked.',
    });
    return checks;
  }
  if (!chain || chain.chainId !== round.chainId || chain.clientSeed === null) {
    checks.push({
      check: 'crashPoint',
      result: 'fail',
      text: `The server does not publish seed chain ${round.chainId} of this round.`,
    });
    return checks;
  }
  const derived = await crashPointFromSeed(salt, chain.clientSeed);
  checks.push(
    derived === fullRate
      ? {
          check: 'crashPoint',
          result: 'pass',
          text: `The salt and the public client seed give the crash point ${x(derived)}.`,
        }
      : {
          check: 'crashPoint',
          result: 'fail',
          text: `The salt and the public client seed give ${x(derived)}, not the rate shown.`,
        },
  );
  checks.push(await linkCheck(round, salt, chain, previous));
  return checks;
}

async function hashCheck(hash: string, fullRate: number, salt: string): Promise<RoundCheck> {
  return (await verifyRound({ hash, fullRate, salt }))
    ? { check: 'hash', result: 'pass', text: 'The hash published before betting opened matches this rate and salt.' }
    : {
        check: 'hash',
        result: 'fail',
        text: 'The hash published before betting opened does not match this rate and salt.',
      };
}

async function linkCheck(
  round: RoundDetails,
  salt: string,
  chain: SeedChainInfo,
  previous: RoundDetails | null | undefined,
): Promise<RoundCheck> {
  const link = round.chainIndex!;
  if (link === 1) {
    return (await verifyLink(salt, chain.commitment))
      ? {
          check: 'link',
          result: 'pass',
          text: `The salt hashes to seed chain ${chain.chainId}'s commitment, published before its first round.`,
        }
      : { check: 'link', result: 'fail', text: `The salt does not hash to seed chain ${chain.chainId}'s commitment.` };
  }
  if (!previous?.salt || previous.chainId !== round.chainId || previous.chainIndex === null)
    return {
      check: 'link',
      result: 'unknown',
      text: "The previous round's salt is not available to link this one to.",
    };
  if (previous.chainIndex !== link - 1)
    return {
      check: 'link',
      result: 'fail',
      text: `The previous round (${previous.gameId}) is link ${previous.chainIndex} of the chain, this one link ${link}: links in between were skipped.`,
    };
  return (await verifyLink(salt, previous.salt))
    ? {
        check: 'link',
        result: 'pass',
        text: `The salt hashes to the previous round's (${previous.gameId}) salt: it was fixed when the chain was committed.`,
      }
    : {
        check: 'link',
        result: 'fail',
        text: `The salt does not hash to the previous round's (${previous.gameId}) salt: it is not on the committed chain.`,
      };
}
