import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream, PDFString, StandardFonts } from 'pdf-lib';
import { cleanPdf, InvalidPdfError, UncleanablePdfError } from './pdf-metadata.ts';

/** A one-page PDF with an author, a title, dates, an XMP packet and an opening script. */
async function pdfWithMetadata(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  page.drawText('Membership No. 123456', { x: 20, y: 100, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });
  document.setAuthor('Priya Sharma');
  document.setTitle('ICAI certificate of Priya Sharma');
  document.setCreator('Scanner Pro on Priya’s phone');
  document.setProducer('Phone PDF 1.0');
  const xmp = document.context.stream(
    '<x:xmpmeta><dc:creator>Priya Sharma</dc:creator><exif:GPSLatitude>19.07</exif:GPSLatitude></x:xmpmeta>',
    {
      Type: 'Metadata',
      Subtype: 'XML',
    },
  );
  document.catalog.set(PDFName.of('Metadata'), document.context.register(xmp));
  document.catalog.set(PDFName.of('OpenAction'), document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  return document.save({ useObjectStreams: false });
}

describe('cleanPdf', () => {
  it('keeps the page and drops the author, title, producer, XMP and scripts', async () => {
    const original = await pdfWithMetadata();
    expect(Buffer.from(original).toString('latin1')).toContain('Priya Sharma');
    const stripped = await cleanPdf(original);
    const text = Buffer.from(stripped).toString('latin1');
    for (const gone of [
      'Priya',
      'Scanner Pro',
      'Phone PDF',
      'GPSLatitude',
      'xmpmeta',
      'JavaScript',
      'app.alert',
      '/Author',
      '/Title',
      '/Producer',
    ]) {
      expect(text).not.toContain(gone);
    }
    const reread = await PDFDocument.load(stripped, { updateMetadata: false });
    expect(reread.getPageCount()).toBe(1);
    expect(reread.getAuthor()).toBeUndefined();
    expect(reread.getTitle()).toBeUndefined();
  });

  it('refuses what is not a readable PDF', async () => {
    await expect(cleanPdf(Buffer.from('%PDF-1.7\nnot really'))).rejects.toThrow(InvalidPdfError);
    await expect(cleanPdf(Buffer.from('GIF89a......'))).rejects.toThrow(InvalidPdfError);
  });
});

/** A phone photo as JPEG bytes: EXIF with the camera, its owner and where it was taken. */
const markedPhoto = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86e4' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'MARK_CAMERA_MAKE', Model: 'MARK_CAMERA_MODEL', Artist: 'MARK_OWNER_ARTIST', Copyright: 'MARK_OWNER_COPYRIGHT' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .toBuffer();

/**
 * A one-page certificate that carries everything a PDF can hide beyond its page: document and named scripts, page
 * actions (launch), annotations with submit-form and remote go-to actions, an XFA form, an embedded file, and a photo
 * with EXIF. Every hidden thing holds a marker (MARK_...) written uncompressed, so its survival shows in the bytes.
 */
async function pdfWithHiddenThings(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const { context } = document;
  const page = document.addPage([300, 200]);
  page.drawText('Certificate No. 4242', { x: 20, y: 150, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });
  page.drawImage(await document.embedJpg(await markedPhoto()), { x: 20, y: 20, width: 80, height: 60 });
  const js = (code: string) => context.obj({ S: 'JavaScript', JS: PDFString.of(code) });
  document.catalog.set(PDFName.of('OpenAction'), context.register(js('app.alert("MARK_JS_OPEN")')));
  const embeddedFile = context.register(context.stream('MARK_EMBEDDED_FILE_BODY', { Type: 'EmbeddedFile' }));
  const fileSpec = context.register(context.obj({ Type: 'Filespec', F: PDFString.of('MARK_EMBEDDED_NAME.txt'), EF: { F: embeddedFile } }));
  document.catalog.set(
    PDFName.of('Names'),
    context.obj({
      JavaScript: { Names: [PDFString.of('init'), context.register(js('MARK_JS_NAMED'))] },
      EmbeddedFiles: { Names: [PDFString.of('secret'), fileSpec] },
    }),
  );
  const xfa = context.register(context.stream('<xdp:xdp><script>MARK_XFA_SCRIPT</script></xdp:xdp>'));
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Btn',
      T: PDFString.of('send'),
      Rect: [0, 0, 10, 10],
      A: { S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of('https://MARK_SUBMIT.example/') } },
    }),
  );
  const link = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 10, 10],
      A: { S: 'GoToR', F: PDFString.of('MARK_GOTOR.pdf'), D: [0, 'Fit'] },
    }),
  );
  document.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [widget], XFA: xfa }));
  page.node.set(PDFName.of('Annots'), context.obj([widget, link]));
  page.node.set(PDFName.of('AA'), context.obj({ O: { S: 'Launch', F: PDFString.of('MARK_LAUNCH.exe') } }));
  return document.save({ useObjectStreams: false });
}

const MARKERS = [
  'MARK_CAMERA_MAKE',
  'MARK_CAMERA_MODEL',
  'MARK_OWNER_ARTIST',
  'MARK_OWNER_COPYRIGHT',
  'MARK_JS_OPEN',
  'MARK_JS_NAMED',
  'MARK_EMBEDDED_FILE_BODY',
  'MARK_EMBEDDED_NAME',
  'MARK_XFA_SCRIPT',
  'MARK_SUBMIT',
  'MARK_GOTOR',
  'MARK_LAUNCH',
  '/JavaScript',
  '/Launch',
  '/SubmitForm',
  '/GoToR',
  '/XFA',
  '/EmbeddedFile',
  'Exif',
];

/** Every stream of a PDF, decoded where pdf-lib can, as latin1 text: what a search of the file's contents would find. */
async function allStreams(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream)
    .map(([, object]) => {
      const stream = object as PDFRawStream;
      try {
        return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      } catch {
        return Buffer.from(stream.getContents()).toString('latin1');
      }
    })
    .join('\n');
}

describe('cleanPdf with hidden content', () => {
  it('keeps only what the page shows: no script, action, form, embedded file, or photo EXIF (camera, owner, GPS) survives', async () => {
    const original = await pdfWithHiddenThings();
    const before = Buffer.from(original).toString('latin1');
    for (const marker of MARKERS) expect(before, marker).toContain(marker);

    const cleaned = await cleanPdf(original);
    const after = `${Buffer.from(cleaned).toString('latin1')}\n${await allStreams(cleaned)}`;
    expect(MARKERS.filter((marker) => after.includes(marker))).toEqual([]);

    // The page is still there, drawn: its text and its photo (re-encoded, without EXIF or GPS).
    const reread = await PDFDocument.load(cleaned, { updateMetadata: false });
    expect(reread.getPageCount()).toBe(1);
    expect(reread.getPage(0).getSize()).toEqual({ width: 300, height: 200 });
    expect(after).toMatch(/Tj/);
    const images = reread.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFRawStream =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(images).toHaveLength(1);
    const photo = await sharp(images[0].getContents()).metadata();
    expect({ width: photo.width, height: photo.height, exif: photo.exif }).toEqual({ width: 40, height: 30, exif: undefined });
  });

  it('refuses a PDF whose image it cannot clean (JPEG 2000)', async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([100, 100]);
    const image = document.context.register(
      document.context.stream('not really jp2', {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1,
        Height: 1,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'JPXDecode',
      }),
    );
    page.node.setXObject(PDFName.of('Im1'), image);
    page.pushOperators();
    const bytes = await document.save({ useObjectStreams: false });
    await expect(cleanPdf(bytes)).rejects.toThrow(UncleanablePdfError);
  });
});
