import { createHash } from 'node:crypto';
import { inlineScriptSources } from './inline-scripts.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptSources', () => {
  it("hashes each inline script's exact text, whitespace included", () => {
    const theme = "\n  document.documentElement.setAttribute('data-theme', 'dark');\n";
    const html = `<head><script>${theme}</script><script type="module" src="/assets/index.js"></script></head><body><script>x()</script></body>`;
    expect(inlineScriptSources(html)).toEqual([sha256(theme), sha256('x()')]);
  });

  it('allows nothing for a page without inline scripts', () => {
    expect(inlineScriptSources('<script type="module" src="/a.js"></script><div id="root"></div>')).toEqual([]);
  });
});
