/** Whether the wallet picker is open, shared by the buttons that open it. */

import { createContext, useContext } from 'react';

interface Picker {
  open: boolean;
  setOpen(open: boolean): void;
}

export const PickerContext = createContext<Picker>({ open: false, setOpen: () => undefined });

export const usePicker = () => useContext(PickerContext);
