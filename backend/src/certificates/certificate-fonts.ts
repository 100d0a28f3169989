import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/** The scripts a certificate prints, each with its Noto Sans face: a student's name is printed in the script it was registered in. */
const SCRIPTS = {
  latin: { family: 'noto-sans', subset: 'latin' },
  latinExtended: { family: 'noto-sans', subset: 'latin-ext' },
  devanagari: { family: 'noto-sans-devanagari', subset: 'devanagari' },
  bengali: { family: 'noto-sans-bengali', subset: 'bengali' },
  gurmukhi: { family: 'noto-sans-gurmukhi', subset: 'gurmukhi' },
  gujarati: { family: 'noto-sans-gujarati', subset: 'gujarati' },
  tamil: { family: 'noto-sans-tamil', subset: 'tamil' },
  telugu: { family: 'noto-sans-telugu', subset: 'telugu' },
  kannada: { family: 'noto-sans-kannada', subset: 'kannada' },
  malayalam: { family: 'noto-sans-malayalam', subset: 'malayalam' },
} as const;
type Script = keyof typeof SCRIPTS;
export type Weight = 400 | 700;

/** The Unicode blocks of each Indic script (and the Vedic extensions of Devanagari); everything else is Latin's. */
const BLOCKS: readonly [from: number, to: number, script: Script][] = [
  [0x0100, 0x024f, 'latinExtended'],
  [0x0900, 0x097f, 'devanagari'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0a00, 0x0a7f, 'gurmukhi'],
  [0x0a80, 0x0aff, 'gujarati'],
  [0x0b80, 0x0bff, 'tamil'],
  [0x0c00, 0x0c7f, 'telugu'],
  [0x0c80, 0x0cff, 'kannada'],
  [0x0d00, 0x0d7f, 'malayalam'],
  [0x1cd0, 0x1cff, 'devanagari'],
  [0x1e00, 0x1eff, 'latinExtended'],
  [0xa8e0, 0xa8ff, 'devanagari'],
];

/** Spaces, joiners and punctuation: printed in the face of the text around them, so a name's run is not cut by its space or its ZWJ. */
const NEUTRAL = /[\s.,'’()-]|\u200c|\u200d/u;

function scriptOf(character: string): Script | undefined {
  if (NEUTRAL.test(character)) return undefined;
  const point = character.codePointAt(0) ?? 0;
  return BLOCKS.find(([from, to]) => point >= from && point <= to)?.[2] ?? 'latin';
}

/** A run of text in one script, with the face that prints it. */
export interface FontRun {
  text: string;
  font: fontkit.Font;
}

const files = createRequire(import.meta.url);
const loaded = new Map<string, fontkit.Font>();

/**
 * The face of `script` at `weight`, read once per process. The packages ship WOFF; the TrueType
 * inside is unwrapped here once, as fontkit would otherwise inflate a whole table again for each
 * glyph it copies into a PDF (a certificate took 170 ms instead of 11).
 */
function faceOf(script: Script, weight: Weight): fontkit.Font {
  const { family, subset } = SCRIPTS[script];
  const file = `@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`;
  let font = loaded.get(file);
  if (!font) {
    font = fontkit.create(sfntOfWoff(readFileSync(files.resolve(file)))) as fontkit.Font;
    loaded.set(file, font);
  }
  return font;
}

/** The face of plain Latin text: the certificate's own words. */
export const latinFace = (weight: Weight): fontkit.Font => faceOf('latin', weight);

/** `text` cut where its script changes, each run with its face; neutral characters join the run before them (or the first one). */
export function runsOf(text: string, weight: Weight): FontRun[] {
  const runs: { text: string; script: Script | undefined }[] = [];
  for (const character of text) {
    const script = scriptOf(character);
    const last = runs.at(-1);
    if (last && (script === undefined || last.script === undefined || last.script === script)) {
      last.text += character;
      last.script ??= script;
    } else runs.push({ text: character, script });
  }
  return runs.map((run) => ({ text: run.text, font: faceOf(run.script ?? 'latin', weight) }));
}

const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/**
 * The TrueType (sfnt) font a WOFF file wraps (W3C WOFF 1.0): each table inflated when it was
 * compressed, laid out again with a table directory of its own, every table on four bytes.
 */
function sfntOfWoff(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    const [offset, stored, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + stored);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: stored < length ? inflateSync(raw) : raw };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(SFNT_HEADER + count * SFNT_ENTRY + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * SFNT_ENTRY, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(count * SFNT_ENTRY - power * SFNT_ENTRY, 10);
  let offset = SFNT_HEADER + count * SFNT_ENTRY;
  tables.forEach((table, index) => {
    const at = SFNT_HEADER + index * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
