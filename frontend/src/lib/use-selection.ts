import { useState } from 'react';

/** The people (or anything with an id) chosen so far in a form, at most `places` of them. */
export function useSelection<T extends { _id: string }>(places: number, initial: T[] = []) {
  const [selected, setSelected] = useState<T[]>(initial);
  return {
    selected,
    placesLeft: places - selected.length,
    add: (item: T) => setSelected((chosen) => (chosen.some(({ _id }) => _id === item._id) ? chosen : [...chosen, item])),
    remove: (item: T) => setSelected((chosen) => chosen.filter(({ _id }) => _id !== item._id)),
    clear: () => setSelected([]),
    ids: () => selected.map(({ _id }) => _id),
  };
}

export type Selection<T extends { _id: string }> = ReturnType<typeof useSelection<T>>;
