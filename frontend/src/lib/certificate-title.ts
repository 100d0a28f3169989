const PLACES = ['First', 'Second', 'Third'];

const placeOf = (place: number) => (place <= PLACES.length ? `${PLACES[place - 1]} place` : `place ${place}`);

/** "Certificate of Merit, First place" or "Certificate of Participation", as a student's list names it. */
export const certificateTitle = ({ kind, place }: { kind: 'participation' | 'merit'; place: number | null }): string =>
  kind === 'merit' ? `Certificate of Merit, ${placeOf(place ?? 0)}` : 'Certificate of Participation';
