/** A chain signature as a link to the configured cluster's explorer, shortened for a phone. */

import type { OpsConfig } from '../../shared/ops';
import { explorerLink, shorten } from './format';

export function Signature({ config, signature }: { config: OpsConfig | null; signature: string | null }) {
  if (!signature) return <>—</>;
  if (!config) return <span title={signature}>{shorten(signature)}</span>;
  return (
    <a href={explorerLink(config, signature)} target="_blank" rel="noreferrer" title={signature}>
      {shorten(signature)}
    </a>
  );
}
