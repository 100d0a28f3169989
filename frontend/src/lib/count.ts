/** "1 admin", "3 admins", "2 people": a number with its noun, singular for one. */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
