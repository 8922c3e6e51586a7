import { describe, expect, it } from 'vitest';
import { isMentionOf, mentions, splitMentions } from '../../src/client/chat/mentions';

describe('chat mentions', () => {
  it('splits a text into plain parts and @mentions, keeping every character', () => {
    const text = 'gg @moon_42, and @Bob… <b>x</b>';
    const parts = splitMentions(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.mention).map((part) => part.text)).toEqual(['@moon_42,', '@Bob…']);
  });

  it('names a player whatever the case and trailing punctuation, and only with the @', () => {
    expect(mentions('nice one @MOON_42!', 'moon_42')).toBe(true);
    expect(mentions('nice one moon_42', 'moon_42')).toBe(false);
    expect(mentions('@moon_421', 'moon_42')).toBe(false);
    expect(isMentionOf('@7xKX…sAsU', '7xKX…sAsU')).toBe(true);
  });
});
