/** Text colour (near-black or white) with the better WCAG contrast on a given background colour. */
export function readableOn(background: string): '#ffffff' | '#1c1917' {
  const rgb = parseHex(background);
  if (!rgb) return '#ffffff';
  const luminance = relativeLuminance(rgb);
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (relativeLuminance([0x1c, 0x19, 0x17]) + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#1c1917';
}

function parseHex(value: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
