import { describe, expect, it } from 'vitest';
import { decode } from '../../../src/client/net/decode';
import { opsEvents } from '../../../src/shared/wire/opsEvents';

const row = {
  ...{ id: '9', actor: 'lead@ops.example', action: 'block', target: 'account:3', reason: 'chargebacks' },
  ...{ before: { blocked: null }, after: { blocked: 'chargebacks' }, address: null, at: '2026-01-01T00:00:00.000Z' },
};

describe("the console's live feed", () => {
  it('takes an audit row as its schema reads it, and drops one that is not', () => {
    expect(decode(opsEvents.audit, JSON.stringify({ ...row, extra: 1 }))).toEqual(row);
    for (const body of ['', 'null', JSON.stringify({ ...row, id: 9 }), JSON.stringify({ ...row, at: undefined })])
      expect(decode(opsEvents.audit, body)).toBeNull();
  });

  it('drops a state without the figures the live view shows', () => {
    expect(decode(opsEvents.state, JSON.stringify({ paused: null, round: null }))).toBeNull();
  });
});
