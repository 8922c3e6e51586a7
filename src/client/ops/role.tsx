/**
 * The operator's role for every view: a viewer sees the actions disabled with a tooltip that says
 * why (docs/ops.md "Roles"); the server refuses them with 403 anyway.
 */

import { createContext, useContext, type ComponentProps } from 'react';
import { Button } from '../pixel';
import type { OpsRole } from '../../shared/ops';

export const RoleContext = createContext<OpsRole>('viewer');

const VIEWER_TOOLTIP = 'Admins only: you are signed in as a viewer';

/** A button for an action: enabled for an admin; for a viewer disabled, with the reason on hover and for screen readers. */
export function ActionButton({ disabled, ...props }: ComponentProps<typeof Button>) {
  const viewer = useContext(RoleContext) !== 'admin';
  if (!viewer) return <Button {...props} disabled={disabled} />;
  // A disabled button gets no pointer events in every browser: the wrapper carries the tooltip.
  return (
    <span className="ops-locked" title={VIEWER_TOOLTIP}>
      <Button {...props} disabled aria-description={VIEWER_TOOLTIP} />
    </span>
  );
}
