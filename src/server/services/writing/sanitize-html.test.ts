import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-html.ts';

describe('sanitizeDescription', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p class="ql-align-center">A <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br></p>' +
      '<ol><li data-list="ordered">one</li><li data-list="bullet" class="ql-indent-1">two</li></ol><ul><li>three</li></ul><span class="ql-size-large">big</span>';
    expect(sanitizeDescription(html)).toBe(
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p class="ql-align-center">A <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br /></p>' +
        '<ol><li data-list="ordered">one</li><li data-list="bullet" class="ql-indent-1">two</li></ol><ul><li>three</li></ul><span class="ql-size-large">big</span>',
    );
  });

  it('removes scripts, styles, event handlers and foreign tags', () => {
    const out = sanitizeDescription(
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style></p><iframe src="https://x"></iframe><div>d</div><img src="x" onerror="alert(1)">',
    );
    expect(out).toBe('<p>Hi</p>d');
    expect(out).not.toMatch(/script|style|onclick|onerror|iframe/i);
  });

  it('drops classes that are not Quill’s, inline styles and unknown data-list values', () => {
    expect(sanitizeDescription('<p class="evil ql-indent-2" style="position:fixed">x</p><li data-list="evil">y</li>')).toBe(
      '<p class="ql-indent-2">x</p><li>y</li>',
    );
  });

  it('allows only http, https, mailto, tel and sms links, opened safely in a new tab', () => {
    const safe = 'rel="noopener noreferrer nofollow" target="_blank"';
    expect(sanitizeDescription('<a href="https://example.com" target="_self">x</a>')).toBe(
      `<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>`,
    );
    for (const href of ['http://a.in', 'mailto:a@b.in', 'tel:+911234', 'sms:+911234']) {
      expect(sanitizeDescription(`<a href="${href}">x</a>`)).toBe(`<a href="${href}" ${safe}>x</a>`);
    }
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'ftp://x',
      'data:text/html,x',
      '//evil.example',
    ]) {
      expect(sanitizeDescription(`<a href="${href}">x</a>`)).toBe(`<a ${safe}>x</a>`);
    }
  });

  it('allows http(s) images and data URLs of raster types only', () => {
    expect(sanitizeDescription('<img src="https://cdn.example/a.png" alt="a" width="9">')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" />',
    );
    expect(sanitizeDescription('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(sanitizeDescription('<p>x<img src="data:image/svg+xml;base64,PHN2Zz4="></p>')).toBe('<p>x</p>');
    expect(sanitizeDescription('<p>x<img src="javascript:alert(1)"><img></p>')).toBe('<p>x</p>');
  });

  it('turns blank editor output into an empty string', () => {
    expect(sanitizeDescription('<p><br></p>')).toBe('');
    expect(sanitizeDescription('  <p> &nbsp; </p> ')).toBe('');
    expect(sanitizeDescription('<script>x</script>')).toBe('');
  });
});
