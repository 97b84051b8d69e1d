import type { ComponentType } from 'react';
import { useDeferredComponent } from './use-deferred-component.ts';

const loadSearchModal = (): Promise<ComponentType> => import('../search/SearchModal.tsx').then((module) => module.default);

/**
 * The search modal's component, fetched when the page is idle or when the modal is first asked for, whichever
 * comes first: focusing the box then opens it at once, instead of late enough to pull the focus away from
 * wherever a keyboard user has tabbed to since.
 */
export const useSearchModal = (wanted: boolean) => useDeferredComponent(loadSearchModal, wanted, true);
