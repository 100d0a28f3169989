import type { CertificateKind } from '../database/schema/certificates.js';

const PLACES = ['First', 'Second', 'Third'];

/** `First`, `Second`, `Third`, then `4th`, `11th`, `22nd`...: the place as a certificate names it. */
export function placeInWords(place: number): string {
  if (place <= PLACES.length) return PLACES[place - 1];
  const teen = place % 100 >= 11 && place % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/** `certificate of participation`, or `certificate of merit (First place)`. */
export function certificateTitle({ kind, place }: { kind: CertificateKind; place: number | null }): string {
  return kind === 'merit' ? `certificate of merit (${placeInWords(place ?? 0)} place)` : 'certificate of participation';
}
