/**
 * The stage's words. The stage may draw in a worker, where the page's i18n is not, so the page
 * hands them over: now, and again after each switch of language.
 */

import { decimalSign } from '../i18n/format';
import { onLanguageChange, t } from '../i18n/i18n';

export interface StageWords {
  waiting: string;
  flewAway: string;
  serverLate: string;
  /** The language's decimal sign, for the readout and the countdown. */
  decimalSign: string;
}

/** The words in the page's language now. */
export function stageWords(): StageWords {
  return {
    waiting: t('stage.waiting'),
    flewAway: t('stage.flewAway'),
    serverLate: t('stage.serverLate'),
    decimalSign: decimalSign(),
  };
}

/** Calls `listener` with the new words after each switch of language; returns the unsubscribe. */
export function onStageWords(listener: (words: StageWords) => void): () => void {
  return onLanguageChange(() => listener(stageWords()));
}
