/** GET config once a session: the cluster, its explorer and the review thresholds. */

import { opsGet } from './api';
import type { OpsConfig } from '../../shared/ops';
import { useLoad } from '../useLoad';

let asked: Promise<OpsConfig> | null = null;

export function useConfig(): OpsConfig | null {
  const [config] = useLoad(() => {
    asked ??= opsGet('config').catch((error: unknown) => {
      asked = null;
      throw error;
    });
    return asked;
  }, []);
  return config.state === 'done' ? config.value : null;
}
