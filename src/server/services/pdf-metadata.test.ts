import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { InvalidPdfError, stripPdfMetadata } from './pdf-metadata.ts';

/** A one-page PDF with an author, a title, dates, an XMP packet and an opening script. */
async function pdfWithMetadata(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  page.drawText('Membership No. 123456', { x: 20, y: 100, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });
  document.setAuthor('Priya Sharma');
  document.setTitle('ICAI certificate of Priya Sharma');
  document.setCreator('Scanner Pro on Priya’s phone');
  document.setProducer('Phone PDF 1.0');
  const xmp = document.context.stream('<x:xmpmeta><dc:creator>Priya Sharma</dc:creator><exif:GPSLatitude>19.07</exif:GPSLatitude></x:xmpmeta>', {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  document.catalog.set(PDFName.of('Metadata'), document.context.register(xmp));
  document.catalog.set(PDFName.of('OpenAction'), document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  return document.save({ useObjectStreams: false });
}

describe('stripPdfMetadata', () => {
  it('keeps the page and drops the author, title, producer, XMP and scripts', async () => {
    const original = await pdfWithMetadata();
    expect(Buffer.from(original).toString('latin1')).toContain('Priya Sharma');
    const stripped = await stripPdfMetadata(original);
    const text = Buffer.from(stripped).toString('latin1');
    for (const gone of ['Priya', 'Scanner Pro', 'Phone PDF', 'GPSLatitude', 'xmpmeta', 'JavaScript', 'app.alert', '/Author', '/Title', '/Producer']) {
      expect(text).not.toContain(gone);
    }
    const reread = await PDFDocument.load(stripped, { updateMetadata: false });
    expect(reread.getPageCount()).toBe(1);
    expect(reread.getAuthor()).toBeUndefined();
    expect(reread.getTitle()).toBeUndefined();
  });

  it('refuses what is not a readable PDF', async () => {
    await expect(stripPdfMetadata(Buffer.from('%PDF-1.7\nnot really'))).rejects.toThrow(InvalidPdfError);
    await expect(stripPdfMetadata(Buffer.from('GIF89a......'))).rejects.toThrow(InvalidPdfError);
  });
});
