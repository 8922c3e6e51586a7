/** Reading and writing the panel atoms: the controller's files only; components read the atoms themselves. */

import { panelAtoms, type PanelState } from '../state/panelsAtom';
import { store } from '../state/store';

export const panelNow = (index: number): PanelState => store.get(panelAtoms[index]!);

/** Both panels as they are now (a snapshot to compare an answer against later). */
export const panelsNow = (): PanelState[] => panelAtoms.map((panelAtom) => store.get(panelAtom));

/** Sets panel `index` to what `change` makes of it, only when that differs. */
export function updatePanel(index: number, change: (panel: PanelState) => PanelState): void {
  const panel = panelNow(index);
  const next = change(panel);
  if (next !== panel) store.set(panelAtoms[index]!, next);
}

/** updatePanel for each panel. */
export function updatePanels(change: (panel: PanelState, index: number) => PanelState): void {
  panelAtoms.forEach((_, index) => updatePanel(index, (panel) => change(panel, index)));
}
