// The playground's browser assets: one self-contained page, and the google.script shim placed ahead of the sidebar's own script.
import { buildAssets, withShim } from '../../../dev/playground/assets';

describe('playground assets', () => {
  it('should inline the page CSS and script, leaving no build markers', async () => {
    const { page, shim } = await buildAssets();
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).toContain('<style>');
    expect(page).not.toContain('<!--@css-->');
    expect(page).not.toContain('<!--@js-->');
    expect(page).toContain('id="sidebar-frame"');
    expect(shim).toContain('/gas/run');
  });

  it('should put the shim before </head>, ahead of the sidebar script', () => {
    const html = '<html><head><title>x</title></head><body><script>app()</script></body></html>';
    const out = withShim(html, 'window.google = {}; "</script>"');
    expect(out.indexOf('window.google')).toBeLessThan(out.indexOf('</head>'));
    expect(out.indexOf('window.google')).toBeLessThan(out.indexOf('app()'));
    // A closing tag inside the shim's text cannot end its script element early.
    expect(out).toContain('"<\\/script>"');
  });

  it('should put the shim first when the page has no head', () => {
    expect(withShim('<p>hi</p>', 'shim()')).toBe('<script>shim()</script><p>hi</p>');
  });
});
