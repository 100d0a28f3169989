/** "1 admin", "3 admins", "1,204 registrations": a number with its noun, singular for one (en-IN grouping). */
export const count = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
