// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpsConfig, OpsWithdrawal } from '../../../src/shared/ops';

afterEach(cleanup);
beforeEach(() => vi.resetModules());

const ME = 'lead@ops.test';

/** The held withdrawal's Approve button as `ME`, an admin, sees it (the config is cached per module load). */
async function approveButton(secondApprovalAbove: number | null, approvals: OpsWithdrawal['approvals']) {
  const config: OpsConfig = {
    ...{ cluster: 'localnet', explorer: 'https://x/{sig}', reviewAbove: 100, secondApprovalAbove },
    ...{ creditApprovalAbove: 100_000, creditDailyCap: 1_000_000 },
  };
  const item: OpsWithdrawal = {
    ...{ id: '7', accountId: '3', wallet: 'Wa11et', amount: 50_000, createdAt: '2026-01-01T00:00:00.000Z' },
    ...{ status: 'review', approvals, signature: null, reason: null, reviewReason: 'above 1 coins' },
  };
  vi.doMock('../../../src/client/ops/api', () => ({
    opsGet: (path: string) => Promise.resolve(path === 'config' ? config : { items: [item], next: null }),
    opsPost: () => Promise.resolve(null),
  }));
  const { RoleContext } = await import('../../../src/client/ops/role');
  const { WithdrawalsView } = await import('../../../src/client/ops/withdrawals/WithdrawalsView');
  const session = { token: 'ops_x', role: 'admin' as const, email: ME, expiresAt: '2099-01-01T00:00:00.000Z' };
  render(
    <RoleContext value="admin">
      <WithdrawalsView session={session} review={1} />
    </RoleContext>,
  );
  await screen.findByText(/Held once a player's withdrawals pass/);
  return screen.findByRole('button', { name: 'Approve' });
}

describe('the Approve button of a held withdrawal', () => {
  const mine = [{ by: ME, at: '2026-01-01T00:01:00.000Z' }];

  it('waits for a different admin when two approvals are needed and this admin gave one', async () => {
    expect((await approveButton(1000, mine)).hasAttribute('disabled')).toBe(true);
  });

  it('stays pressable for its approver once it has the approvals it needs, so a failed signing can be retried', async () => {
    expect((await approveButton(null, mine)).hasAttribute('disabled')).toBe(false);
    cleanup();
    vi.resetModules();
    const both = [...mine, { by: 'second@ops.test', at: '2026-01-01T00:02:00.000Z' }];
    expect((await approveButton(1000, both)).hasAttribute('disabled')).toBe(false);
  });
});
