// `npm run content:check` (part of `npm test`): the pages' frontmatter passes the collection's schema, and every
// translation keeps up with the material changes of its English page. Notes (not failures) for translations behind
// changes that are not material.
import { checkContent } from '../src/content/page-files.ts';

const { errors, notes } = checkContent();
for (const note of notes) console.log(`note: ${note}`);
for (const error of errors) console.error(`error: ${error}`);
console.log(errors.length === 0 ? 'content:check: every page and translation is in step.' : `content:check: ${errors.length} error(s).`);
process.exit(errors.length === 0 ? 0 : 1);
