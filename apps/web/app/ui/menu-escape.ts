import type { KeyboardEvent } from 'react';

/**
 * Escape inside an open `<details>` menu of the header closes it and gives the focus back to its
 * button (the `<summary>`), as the notifications panel does (docs/rules/page-shell.md "Header and
 * footer"). Put it on the `<details>` element's `onKeyDown`.
 */
export function closeMenuOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const menu = event.currentTarget;
  if (event.key !== 'Escape' || !menu.open) return;
  event.preventDefault();
  event.stopPropagation();
  menu.open = false;
  menu.querySelector<HTMLElement>(':scope > summary')?.focus();
}
