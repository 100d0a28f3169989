import { useState } from 'react';
import type { Classmate } from '../../api/types';

/** The classmates chosen so far in an invitation form, at most `places` of them. */
export function useSelection(places: number) {
  const [selected, setSelected] = useState<Classmate[]>([]);
  return {
    selected,
    placesLeft: places - selected.length,
    add: (classmate: Classmate) => setSelected((chosen) => (chosen.some(({ _id }) => _id === classmate._id) ? chosen : [...chosen, classmate])),
    remove: (classmate: Classmate) => setSelected((chosen) => chosen.filter(({ _id }) => _id !== classmate._id)),
    clear: () => setSelected([]),
    ids: () => selected.map(({ _id }) => _id),
  };
}

export type Selection = ReturnType<typeof useSelection>;
