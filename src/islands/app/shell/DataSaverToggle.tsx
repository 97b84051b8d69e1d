import { useStore } from '@nanostores/react';
import { $dataSaver, setDataSaver } from '../../../stores/data-saver.store.ts';
import { menuItemClass } from './DropdownMenu.tsx';

import { useT } from '../../i18n/use-t.tsx';

/** The data saver switch of the header menus: a choice of this device, kept across visits. */
export function DataSaverToggle() {
  const t = useT();
  const on = useStore($dataSaver);
  return (
    <button
      type="button"
      aria-pressed={on}
      title={t('media.dataSaverHint')}
      onClick={() => setDataSaver(!on)}
      className={`${menuItemClass} flex items-center justify-between gap-3`}
    >
      <span>{t('media.dataSaver')}</span>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${on ? 'bg-brand-700 text-white' : 'bg-canvas text-muted'}`}>
        {on ? t('media.on') : t('media.off')}
      </span>
    </button>
  );
}
