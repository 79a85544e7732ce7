import { describe, expect, it } from 'vitest';
import { nginxInclude, redirectsFile } from '../../src/lib/routes/hosting-rules.ts';

const shipbox = { brandSlug: 'shipbox', languages: ['en', 'ar'] as const };
const mailbridge = { brandSlug: 'mailbridge', languages: ['en'] as const };

describe('hosting rules', () => {
  it('exports the URL rules as an nginx include', () => {
    const conf = nginxInclude({ ...shipbox, languages: [...shipbox.languages] });
    expect(conf).toContain('return 302 /en/home');
    expect(conf).toContain('location ~ "^/AR(/.*)?$" { return 301 /ar$1$is_args$args; }');
    expect(conf).toContain('location ~ "^(.+)/$" { return 301 $1$is_args$args; }');
    expect(conf).toContain('location ~ "^/(en|ar)/tracking/[^/]+$" { try_files /$1/tracking.html =404; }');
    expect(conf).toContain('(?:[A-Za-z]{3}|\\d{1,5})');
    expect(conf).toContain('location /ar/ { error_page 404 /ar/404.html;');
    expect(conf).toMatch(/\^\/\(\?!\(\?:en\|ar\)\(\?:\/\|\$\)\)\[A-Za-z\]\{2\}/);
    // The gzipped files the build writes beside each text file are sent as they are.
    expect(conf).toContain('gzip_static on;');
  });

  it("answers the tool box's forms sent without JavaScript, as the server does", () => {
    const conf = nginxInclude({ ...shipbox, languages: [...shipbox.languages] });
    expect(conf).toContain('location ~ "^/(?<formlang>en|ar)/tracking$" {');
    expect(conf).toContain('return 302 /$formlang/tracking/$arg_awbNumber;');
    expect(conf).toContain('error_page 400 /$formlang/track-shipment.html;');
    expect(conf).toContain(
      'if ($arg_countryCode ~ "^[A-Za-z]{2}$") { return 302 /$formlang/office/office-locator/$arg_countryCode; }',
    );
    // Before the rules that serve pages, which would otherwise answer these paths first.
    expect(conf.indexOf('/(?<formlang>en|ar)/tracking$')).toBeLessThan(conf.indexOf('/(en|ar)/tracking/[^/]+$'));
  });

  it('serves the web app manifests as application/manifest+json, before the catch-all', () => {
    const conf = nginxInclude({ ...mailbridge, languages: [...mailbridge.languages] });
    const manifests =
      'location ~ "\\.webmanifest$" { types { } default_type application/manifest+json; try_files $uri =404; }';
    expect(conf).toContain(manifests);
    expect(conf.indexOf(manifests)).toBeLessThan(conf.indexOf('location / {'));
  });

  it('exports a _redirects file with shell rewrites and 404 fallbacks', () => {
    const file = redirectsFile({ ...mailbridge, languages: [...mailbridge.languages] });
    expect(file).toContain('/ /en/home 302');
    expect(file).toContain('/EN/* /en/:splat 301');
    expect(file).toContain('/en/account/message/:id /en/account/message.html 200');
    expect(file).toContain('/en/shipment-return/pickup /en/shipment-return.html 200');
    expect(file).not.toContain('/ar/');
    expect(file.trim().split('\n').at(-1)).toBe('/* /en/404.html 404');
  });
});
