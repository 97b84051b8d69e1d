import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The institution table (institutions.tsv beside this file): Indian institutions and the mail domains they issue.
 * An address at a listed domain, or at a subdomain of one (`smail.iitm.ac.in`), proves membership; the most
 * specific listing wins (`kmc.du.ac.in` is Kirori Mal College, `du.ac.in` the University of Delhi).
 */

export type Institution = {
  /** What a chip shows: "IIT Bombay". */
  label: string;
  kind: string;
  name: string;
  /** The institution's key: its first listed domain (a channel's requirement `value`). */
  domain: string;
  domains: string[];
};

export type InstitutionTable = {
  all: readonly Institution[];
  /** The institution a mail domain belongs to, or null. */
  forDomain: (domain: string) => Institution | null;
};

/** Resolved from the working directory, like the migrations: import.meta.url breaks once the server is bundled. */
export const INSTITUTIONS_FILE = path.resolve(process.env.INSTITUTIONS_FILE ?? 'src/server/services/verification/institutions.tsv');

const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;

/** Reads the table's text; throws with the line number on a malformed row, so a bad edit fails at start and in CI. */
export function parseInstitutions(text: string): Institution[] {
  const rows: Institution[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim() || line.startsWith('#')) return;
    const cells = line.split('\t');
    const [label, kind, name, domainList] = cells.map((cell) => cell.trim());
    const domains = (domainList ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean);
    if (cells.length !== 4 || !label || !kind || !name || !domains.length || !domains.every((domain) => DOMAIN.test(domain))) {
      throw new Error(`institutions table, line ${index + 1}: expected "label<TAB>kind<TAB>name<TAB>domain,domain"`);
    }
    rows.push({ label, kind, name, domain: domains[0], domains });
  });
  return rows;
}

export function institutionTable(institutions: readonly Institution[]): InstitutionTable {
  const byDomain = new Map<string, Institution>();
  for (const institution of institutions) {
    for (const domain of institution.domains) {
      if (byDomain.has(domain)) throw new Error(`institutions table: ${domain} is listed twice`);
      byDomain.set(domain, institution);
    }
  }
  return {
    all: institutions,
    forDomain(domain) {
      // From the full domain up to its registrable part: the longest listed suffix wins.
      const labels = domain.trim().toLowerCase().replace(/\.$/, '').split('.');
      for (let start = 0; start < labels.length - 1; start++) {
        const found = byDomain.get(labels.slice(start).join('.'));
        if (found) return found;
      }
      return null;
    },
  };
}

let shipped: InstitutionTable | undefined;

/** The table that ships with the product, read once. */
export function shippedInstitutions(): InstitutionTable {
  shipped ??= institutionTable(parseInstitutions(readFileSync(INSTITUTIONS_FILE, 'utf8')));
  return shipped;
}
