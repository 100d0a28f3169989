import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NavBar } from '../components/NavBar';

/** The page every route serves (jsdom's URL is not a file URL, so the path is built from the module's own). */
const INDEX_HTML = join(dirname(fileURLToPath(import.meta.url)), '../../index.html');

/** The markup without the whitespace between tags that index.html's formatting adds. */
const compact = (html: string) => html.replace(/>\s+</g, '><').trim();

describe('the first paint in index.html', () => {
  it("is the navigation bar's brand exactly as the app renders it, so nothing moves when the app starts", () => {
    const page = new DOMParser().parseFromString(readFileSync(INDEX_HTML, 'utf8'), 'text/html');
    const shellBrand = page.querySelector('#root header.nav > nav.nav__inner > a.nav__brand');

    const { container } = render(
      <MemoryRouter>
        <NavBar theme="light" onToggleTheme={() => {}} account={null} />
      </MemoryRouter>,
    );
    const appBrand = container.querySelector('header.nav > nav.nav__inner > a.nav__brand');
    appBrand?.removeAttribute('data-discover');

    expect(shellBrand).not.toBeNull();
    expect(compact(shellBrand?.outerHTML ?? '')).toBe(compact(appBrand?.outerHTML ?? 'no brand rendered'));
  });
});
