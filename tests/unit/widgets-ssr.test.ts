/**
 * The help box and the tool box are server-rendered islands (client:visible): they must render in Node, with
 * no `window` or `document`, and say something useful before they hydrate.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import HelpBox from '../../src/islands/widgets/HelpBox.tsx';
import ToolBox from '../../src/islands/widgets/ToolBox.tsx';
import { catalogues } from '../../src/i18n/catalogues.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import { pickMessages } from '../../src/i18n/pick-messages.ts';
import { HELP_BOX_MESSAGES, TOOL_BOX_MESSAGES } from '../../src/lib/widgets/messages.ts';

const render = (lang: Lang) => ({
  help: renderToString(
    createElement(HelpBox, { lang, brandSlug: 'shipbox', messages: pickMessages(catalogues[lang], HELP_BOX_MESSAGES) }),
  ),
  tools: renderToString(
    createElement(ToolBox, {
      lang,
      brandSlug: 'shipbox',
      messages: pickMessages(catalogues[lang], TOOL_BOX_MESSAGES),
      officeCountries: ['JO', 'US'],
    }),
  ),
});

describe('widgets on the server', () => {
  it('renders without a browser', () => {
    expect(typeof window).toBe('undefined');
    const { help, tools } = render('en');
    expect(help).toContain('role="tablist"');
    expect(help.match(/role="tabpanel"/g)).toHaveLength(4);
    // Each panel links to its full page before anything has loaded.
    expect(help).toContain('href="/en/faqs"');
    expect(help).toContain('href="/en/help/unacceptable-materials"');
    expect(tools.match(/<details/g)).toHaveLength(4);
    expect(tools.match(/name="tool-box"/g)).toHaveLength(4);
    // Only the first tool starts open.
    expect(tools.match(/<details[^>]*\sopen=""/g)).toHaveLength(1);
    expect(tools).toMatch(/<details[^>]*data-tool="track"[^>]*open=""/);
    expect(tools).toContain('Air waybill number');
    expect(tools).toContain('href="/en/office/office-locator"');
  });

  it('renders the Arabic text in Arabic', () => {
    const { help, tools } = render('ar');
    expect(help).toContain('مواضيع المساعدة');
    expect(tools).toContain('حاسبة أسعار الشحن');
    expect(tools).not.toMatch(/widgets\.\w/);
    expect(help).not.toMatch(/widgets\.\w/);
  });
});
