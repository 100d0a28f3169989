/** A field's error, found the way assistive technology finds it: through aria-describedby. */
export function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field__error'))?.textContent ?? null;
}
