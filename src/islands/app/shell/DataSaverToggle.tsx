import { useStore } from '@nanostores/react';
import { $dataSaver, setDataSaver } from '../../../stores/data-saver.store.ts';
import { menuItemClass } from './DropdownMenu.tsx';

/** What the switch says, in one place. */
const TEXT = { label: 'Data saver', on: 'On', off: 'Off', hint: 'Images load on tap; videos never load by themselves' };

/** The data saver switch of the header menus: a choice of this device, kept across visits. */
export function DataSaverToggle() {
  const on = useStore($dataSaver);
  return (
    <button
      type="button"
      aria-pressed={on}
      title={TEXT.hint}
      onClick={() => setDataSaver(!on)}
      className={`${menuItemClass} flex items-center justify-between gap-3`}
    >
      <span>{TEXT.label}</span>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${on ? 'bg-brand-700 text-white' : 'bg-canvas text-muted'}`}>{on ? TEXT.on : TEXT.off}</span>
    </button>
  );
}
