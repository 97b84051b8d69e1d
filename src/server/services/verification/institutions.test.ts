import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { identityClassOf } from '../accounts/index.ts';
import { INSTITUTIONS_FILE, institutionTable, parseInstitutions, shippedInstitutions } from './institutions.ts';

describe('the shipped institution table', () => {
  const table = shippedInstitutions();
  const count = (kind: string) => table.all.filter((institution) => institution.kind === kind).length;

  it('says where it comes from and how it is reviewed', () => {
    const header = readFileSync(INSTITUTIONS_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .join('\n');
    expect(header).toMatch(/Sources:/);
    expect(header).toMatch(/Review:/);
    expect(header).toMatch(/AISHE/);
  });

  it('holds every IIT, NIT, IISER, IISc, the AIIMS, IIITs, central universities and more than 100 further institutions', () => {
    expect(count('iit')).toBe(23);
    expect(count('nit')).toBe(31);
    expect(count('iiser')).toBe(7);
    expect(count('iisc')).toBe(1);
    expect(count('aiims')).toBeGreaterThanOrEqual(20);
    expect(count('iiit')).toBeGreaterThanOrEqual(25);
    expect(count('central-university')).toBeGreaterThanOrEqual(45);
    const core = ['iit', 'nit', 'iiit', 'iisc', 'iiser', 'aiims', 'central-university'];
    expect(table.all.filter((institution) => !core.includes(institution.kind)).length).toBeGreaterThan(100);
  });

  it('has one row per label and each domain once', () => {
    const labels = table.all.map((institution) => institution.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('finds an institution by its domain or a subdomain, the most specific listing first', () => {
    expect(table.forDomain('iitb.ac.in')?.label).toBe('IIT Bombay');
    expect(table.forDomain('SMAIL.IITM.AC.IN')?.label).toBe('IIT Madras');
    expect(table.forDomain('kmc.du.ac.in')?.label).toBe('Kirori Mal College');
    expect(table.forDomain('students.du.ac.in')?.label).toBe('University of Delhi');
    expect(table.forDomain('iiits.in')?.label).toBe('IIIT Sri City');
    expect(table.forDomain('ac.in')).toBeNull();
    expect(table.forDomain('notiitb.ac.in')).toBeNull();
    expect(table.forDomain('gmail.com')).toBeNull();
  });

  it('keys an institution by its first domain', () => {
    expect(table.forDomain('iitd.ernet.in')?.domain).toBe('iitd.ac.in');
  });

  it('lists academic domains that the academic rule also knows, bar a few named exceptions', () => {
    const outside = table.all
      .flatMap((institution) => institution.domains)
      .filter((domain) => identityClassOf(`a@${domain}`) !== 'academic');
    // Institutions whose own mail is not under .ac.in/.edu/.res.in: the table is what makes them academic.
    expect(outside).toContain('iiits.in');
    expect(outside.length).toBeLessThan(20);
  });
});

describe('parseInstitutions', () => {
  it('refuses a malformed row with its line number', () => {
    expect(() => parseInstitutions('# header\nIIT X\tiit\tIndian Institute\n')).toThrow('line 2');
    expect(() => parseInstitutions('IIT X\tiit\tIndian Institute\tnot a domain\n')).toThrow('line 1');
  });

  it('refuses a domain listed for two institutions', () => {
    const rows = parseInstitutions('A\tcollege\tA College\ta.ac.in\nB\tcollege\tB College\tb.ac.in,a.ac.in\n');
    expect(() => institutionTable(rows)).toThrow('a.ac.in is listed twice');
  });
});
