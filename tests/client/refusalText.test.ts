// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { refusalText } from '../../src/client/net/refusalText';
import { showLanguage } from '../../src/client/i18n/i18n';

describe("a server refusal in the page's language", () => {
  afterAll(() => showLanguage('en'));

  const held = {
    success: false,
    errorMessage: 'Not credited (You have excluded yourself from play permanently): the SOL goes back to your wallet',
    errorCode: 'depositHeld',
    errorParams: { cause: 'excludedForever' },
  } as const;

  it('says a held deposit with the refusal behind it, in English and in Spanish', async () => {
    expect(refusalText(held)).toBe(
      'Not credited (You have excluded yourself from play permanently): the SOL goes back to your wallet',
    );
    await showLanguage('es');
    expect(refusalText(held)).toBe(
      'No acreditado (Te has excluido del juego para siempre): el SOL vuelve a tu billetera',
    );
  });

  it("leaves the server's words where the code is unknown", () => {
    expect(refusalText({ success: false, errorMessage: 'x', errorCode: 'nope' as never })).toBeNull();
  });
});
