import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadClientFiles, renderPage, scriptSafeJson } from '../src/server/client-files.js';

describe('scriptSafeJson', () => {
  test('no value can close the script element or open a comment, and the JSON reads back equal', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        for (const input of [value, text, { text: `</script><!--${text}` }]) {
          const json = scriptSafeJson(input);
          expect(json).not.toMatch(/[<>&\u2028\u2029]/);
          expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(input)));
        }
      }),
    );
  });
});

describe('loadClientFiles / renderPage', () => {
  function clientDir(html: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'restdash-demo-client-'));
    writeFileSync(join(dir, 'index.html'), html);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'app-1234.css'), 'body{}');
    return dir;
  }

  test('embeds the state where the marker is and lists the assets with their content types', () => {
    const files = loadClientFiles(clientDir('<head><!--demo-state--></head>'));
    expect(files?.assets.get('app-1234.js')?.contentType).toBe('text/javascript; charset=utf-8');
    expect(files?.assets.get('app-1234.css')?.contentType).toBe('text/css; charset=utf-8');
    expect(renderPage(files!, { a: '</script>$&' })).toBe(
      '<head><script type="application/json" id="demo-state">{"a":"\\u003c/script\\u003e$\\u0026"}</script></head>',
    );
  });

  test('a missing build is null; a page without the marker is an error naming the file', () => {
    expect(loadClientFiles(mkdtempSync(join(tmpdir(), 'restdash-demo-empty-')))).toBeNull();
    const dir = clientDir('<head></head>');
    expect(() => loadClientFiles(dir)).toThrow(
      `The built page ${join(dir, 'index.html')} lacks the state marker`,
    );
  });
});
