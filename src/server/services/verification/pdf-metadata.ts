import sharp from 'sharp';
import {
  decodePDFRawStream,
  degrees,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';
import { recognise, SNIFF_BYTES } from '../media/index.ts';

/**
 * A credential PDF, rebuilt so that nothing but what is seen on its pages survives: staff open these files, and a
 * PDF can carry far more than its pages (scripts, launch, submit-form and remote go-to actions, XFA forms, embedded
 * files, annotations, outlines, the document information and XMP metadata, and photos with their EXIF: camera,
 * owner, GPS). A new document is made and each page's drawn content (its content streams and the resources they
 * use) is placed on a fresh page as a form XObject; nothing of the old catalog, page dictionaries, annotations or
 * forms is copied. Photos (DCT images) are decoded and re-encoded with sharp, which writes no metadata. What cannot
 * be cleaned that way (JPEG 2000 images, metadata left inside a stream) is refused rather than kept.
 */

export class InvalidPdfError extends Error {}

/** A PDF that is readable but holds something this rebuild cannot clean; the user is told to send an image instead. */
export class UncleanablePdfError extends InvalidPdfError {}

/** The page entries a drawn page needs; everything else on a page (annotations, actions, metadata...) is left behind. */
const PAGE_KEYS = new Set(['Type', 'Parent', 'Contents', 'Resources', 'MediaBox', 'Rotate']);

/** Entries that are never part of what a page shows, wherever they appear in a resource: removed before the file is written. */
const STRIPPED_KEYS = [
  'Metadata',
  'PieceInfo',
  'OpenAction',
  'AA',
  'A',
  'JavaScript',
  'JS',
  'Names',
  'AcroForm',
  'XFA',
  'Annots',
  'EF',
  'EmbeddedFiles',
  'URI',
  'Outlines',
].map((key) => PDFName.of(key));

/** Signatures of metadata that must not survive inside any stream (EXIF, XMP). */
const METADATA_SIGNATURES = ['Exif\0\0', '<x:xmpmeta', '<?xpacket', 'http://ns.adobe.com/xap/'].map((text) => Buffer.from(text, 'latin1'));

const filtersOf = (dict: PDFDict): string[] => {
  const filter = dict.get(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) return filter.asArray().map((entry) => (entry instanceof PDFName ? entry.decodeText() : '?'));
  return [];
};

/** Filters pdf-lib decodes; a stream under any other is checked as it is stored. */
const DECODABLE = new Set(['FlateDecode', 'LZWDecode', 'ASCII85Decode', 'ASCIIHexDecode', 'RunLengthDecode']);
/** Image filters of pixels only, with no room for metadata: kept as they are. */
const PIXEL_ONLY = new Set([...DECODABLE, 'CCITTFaxDecode', 'JBIG2Decode']);

/** Re-encodes every DCT (JPEG) image without its metadata; refuses images whose format may carry metadata it cannot clean. */
async function reencodeImages(context: PDFContext): Promise<void> {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const filters = filtersOf(object.dict);
    if (filters.every((filter) => PIXEL_ONLY.has(filter))) continue;
    if (filters.length !== 1 || filters[0] !== 'DCTDecode') throw new UncleanablePdfError(`image filter ${filters.join(',')}`);
    const source = sharp(object.getContents());
    const meta = await source.metadata().catch(() => {
      throw new UncleanablePdfError('unreadable image');
    });
    const gray = meta.channels === 1;
    const clean = await source
      .toColourspace(gray ? 'b-w' : 'srgb')
      .jpeg({ quality: 92 })
      .toBuffer();
    const dict = object.dict.clone(context);
    for (const key of ['Decode', 'DecodeParms', 'Metadata', 'Intent']) dict.delete(PDFName.of(key));
    dict.set(PDFName.of('ColorSpace'), PDFName.of(gray ? 'DeviceGray' : 'DeviceRGB'));
    dict.set(PDFName.of('BitsPerComponent'), PDFNumber.of(8));
    dict.set(PDFName.of('Length'), PDFNumber.of(clean.length));
    context.assign(ref, PDFRawStream.of(dict, clean));
  }
}

/** Children of an object: the objects it refers to or holds. */
function childrenOf(object: PDFObject): PDFObject[] {
  if (object instanceof PDFDict) return [...object.values()];
  if (object instanceof PDFArray) return object.asArray();
  if (object instanceof PDFStream) return [...object.dict.values()];
  return [];
}

/** Removes the stripped keys from every object, then every object the new catalog no longer reaches. */
function keepOnlyReachable(document: PDFDocument): void {
  const { context } = document;
  for (const [, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (dict && dict !== document.catalog) for (const key of STRIPPED_KEYS) dict.delete(key);
  }
  context.trailerInfo.Info = undefined;
  const reached = new Set<string>();
  const pending: PDFObject[] = context.trailerInfo.Root ? [context.trailerInfo.Root] : [];
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (object instanceof PDFRef) {
      if (reached.has(object.tag)) continue;
      reached.add(object.tag);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else {
      pending.push(...childrenOf(object));
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref.tag)) context.delete(ref);
}

/** Refuses a rebuilt file if EXIF or XMP is still found inside one of its streams (an inline image, a font's packet). */
function assertNoMetadataLeft(context: PDFContext): void {
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filters = filtersOf(object.dict);
    if (!filters.every((filter) => DECODABLE.has(filter))) continue;
    const bytes = Buffer.from(filters.length === 0 ? object.getContents() : decodePDFRawStream(object).decode());
    if (METADATA_SIGNATURES.some((signature) => bytes.includes(signature))) throw new UncleanablePdfError('metadata inside a stream');
  }
}

export async function cleanPdf(input: Uint8Array): Promise<Uint8Array> {
  if ((await recognise(input.subarray(0, SNIFF_BYTES))) !== 'pdf') throw new InvalidPdfError('not a PDF');
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(input, { updateMetadata: false, throwOnInvalidObject: true });
    if (source.getPageCount() < 1) throw new InvalidPdfError('no pages');
  } catch (error) {
    throw new InvalidPdfError((error as Error).message);
  }
  if (source.isEncrypted) throw new InvalidPdfError('encrypted');
  const output = await PDFDocument.create({ updateMetadata: false });
  try {
    const pages = source.getPages();
    for (const page of pages) {
      // Inherited resources and boxes move onto the page (the copy takes them), then the page keeps only what it draws.
      page.node.normalize();
      for (const key of page.node.keys()) if (!PAGE_KEYS.has(key.decodeText())) page.node.delete(key);
      // A blank page has no content stream; it gets an empty one, so it is drawn (as blank) like the others.
      if (!page.node.Contents()) page.pushOperators();
    }
    const boxes = pages.map((page) => {
      const box = page.getMediaBox();
      return { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height };
    });
    const embedded = await output.embedPages(pages, boxes);
    embedded.forEach((drawn, index) => {
      const page = output.addPage([drawn.width, drawn.height]);
      page.drawPage(drawn, { x: 0, y: 0 });
      page.setRotation(degrees(pages[index].getRotation().angle));
    });
    await output.flush();
  } catch (error) {
    throw new InvalidPdfError((error as Error).message);
  }
  await reencodeImages(output.context);
  keepOnlyReachable(output);
  assertNoMetadataLeft(output.context);
  // useObjectStreams off keeps the output readable by every viewer.
  return output.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}
