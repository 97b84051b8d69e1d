import type { IdentityChip } from './api-types.ts';
import type { Translate } from './i18n.ts';

/**
 * Identity words in the reader's language. A handle (SaffronTiger4821) is an identifier and stays as it is; the chips
 * and the animal shown as a word come from the catalogs (`identity.*`), keyed by the stable codes the API sends:
 * a chip's `kind` (and a credential's `code`), the animal's own name as stored.
 */

const WORDED_KINDS = new Set(['email', 'academic', 'aadhaar']);

/** A chip's words: by its kind or credential code; an institution chip (a proper name) and anything unknown keep the label. */
export function chipLabel(chip: Pick<IdentityChip, 'kind' | 'label' | 'code' | 'name'>, t: Translate): string {
  if (WORDED_KINDS.has(chip.kind)) return t(`identity.chips.${chip.kind}`);
  if (chip.kind === 'credential' && chip.code) {
    if (chip.code === 'other') return chip.name ? t('identity.chips.credential.other', { name: chip.name }) : chip.label;
    return t(`identity.chips.credential.${chip.code}`, { defaultValue: chip.label });
  }
  return chip.label;
}

/** The avatar's animal as a word ("Tiger", "बाघ"); one the catalogs do not know stays as stored. */
export function animalName(animal: string, t: Translate): string {
  const key = animal.charAt(0).toUpperCase() + animal.slice(1).toLowerCase();
  return t(`identity.animals.${key}`, { defaultValue: animal });
}
