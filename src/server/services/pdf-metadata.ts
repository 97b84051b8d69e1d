import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { recognise, SNIFF_BYTES } from './media-recognition.ts';

/**
 * Removes what a PDF says about itself beyond its pages: the document information dictionary (author, creator,
 * producer, dates, title), every XMP /Metadata stream (the document's, a page's or an image's), /PieceInfo
 * application data, and scripts and automatic actions (/OpenAction, /AA, /JavaScript, /JS). The pages' content
 * is kept as it is: it is what staff review. The file is rewritten from its live objects only, so nothing of the
 * old information survives in an unreferenced object or an earlier incremental update.
 */

export class InvalidPdfError extends Error {}

const STRIPPED_KEYS = ['Metadata', 'PieceInfo', 'OpenAction', 'AA', 'JavaScript', 'JS'].map((key) => PDFName.of(key));

export async function stripPdfMetadata(input: Uint8Array): Promise<Uint8Array> {
  if ((await recognise(input.subarray(0, SNIFF_BYTES))) !== 'pdf') throw new InvalidPdfError('not a PDF');
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(input, { updateMetadata: false, throwOnInvalidObject: true });
    if (document.getPageCount() < 1) throw new InvalidPdfError('no pages');
  } catch (error) {
    throw new InvalidPdfError((error as Error).message);
  }
  if (document.isEncrypted) throw new InvalidPdfError('encrypted');
  const { context } = document;
  const info = context.trailerInfo.Info;
  context.trailerInfo.Info = undefined;
  if (info instanceof PDFRef) context.delete(info);
  // The catalog's /Names tree may hold document-level scripts.
  const names = document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  names?.delete(PDFName.of('JavaScript'));
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (!dict) continue;
    for (const key of STRIPPED_KEYS) dict.delete(key);
    const type = dict.get(PDFName.of('Type'));
    const subtype = dict.get(PDFName.of('Subtype'));
    if (object instanceof PDFRawStream && type === PDFName.of('Metadata') && subtype === PDFName.of('XML')) context.delete(ref);
  }
  // useObjectStreams off keeps the output readable by every viewer; only live objects are written.
  return document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}
