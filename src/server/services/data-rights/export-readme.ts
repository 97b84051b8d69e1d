import en from '../../../locales/en.json' with { type: 'json' };
import { LANGUAGES, translator, type Lang } from '../../../lib/i18n.ts';

/** The sections of data.json the README explains, in the order the export writes them. */
const SECTIONS = Object.keys(en.exportReadme).filter((key) => !['intro', 'files', 'sections'].includes(key));

/**
 * README.txt of "Download my data": what each file and each section of data.json holds, in every language the app
 * speaks (English first): the export is made in the background, and whoever opens it may read any of them.
 */
export function exportReadme(exportedAt: Date, langs: readonly Lang[] = LANGUAGES): string {
  return langs
    .map((lang) => {
      const t = translator(lang);
      const date = exportedAt.toISOString().slice(0, 10);
      return [
        t('exportReadme.intro', { date }),
        '',
        t('exportReadme.files'),
        '',
        t('exportReadme.sections'),
        ...SECTIONS.map((key) => `- ${key}: ${t(`exportReadme.${key}`)}`),
      ].join('\n');
    })
    .join('\n\n----\n\n')
    .concat('\n');
}
