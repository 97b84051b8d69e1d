import { eq } from 'drizzle-orm';
import { bindTo } from '../../db/bind.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { canonicalLanguage, defaultReadingLanguages, type ChosenLanguage, type Preferences } from '../../../lib/post-languages.ts';

/**
 * A member's reading preferences: the languages they read ("Show posts in"). Stored as they chose them (null until
 * they do, when their screens' language and English apply); the feeds read them with the signed-in account.
 */

/** The member's languages as the settings show them: the saved choice, or the default for the language of their screens. */
export async function getPreferences(db: Db, userId: number, uiLang: Lang): Promise<Preferences> {
  const [row] = await db.select({ languages: users.readingLanguages }).from(users).where(eq(users.id, userId)).limit(1);
  const saved = (row?.languages ?? []).map(canonicalLanguage).filter((tag): tag is ChosenLanguage => tag !== null);
  return saved.length
    ? { reading_languages: saved, reading_languages_saved: true }
    : { reading_languages: defaultReadingLanguages(uiLang), reading_languages_saved: false };
}

/** Saves the member's languages (checked and ordered by the caller's schema); null returns to the default. */
export async function setReadingLanguages(db: Db, userId: number, languages: ChosenLanguage[] | null, uiLang: Lang): Promise<Preferences> {
  await db.update(users).set({ readingLanguages: languages }).where(eq(users.id, userId));
  return getPreferences(db, userId, uiLang);
}

export const createPreferencesService = ({ db }: { db: Db }) => bindTo(db, { get: getPreferences, setReadingLanguages });
