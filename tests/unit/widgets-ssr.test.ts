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
import { currencyOptions } from '../../src/lib/widgets/converter.ts';
import currencies from '../../src/content/data/currencies.json';

const tools = (lang: Lang, trackError?: string) =>
  renderToString(
    createElement(ToolBox, {
      lang,
      brandSlug: 'shipbox',
      messages: pickMessages(catalogues[lang], TOOL_BOX_MESSAGES),
      officeCountries: ['JO', 'US'],
      currencies: currencyOptions(currencies, lang),
      valueCurrencies: currencyOptions(
        currencies.filter((c) => c.usdRate !== null),
        lang,
      ),
      trackError,
    }),
  );

const render = (lang: Lang) => ({
  help: renderToString(
    createElement(HelpBox, { lang, brandSlug: 'shipbox', messages: pickMessages(catalogues[lang], HELP_BOX_MESSAGES) }),
  ),
  tools: tools(lang),
});

/** The opening tag of the form with this id. */
const formTag = (html: string, id: string) => new RegExp(`<form[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

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

  it('writes each tool as a GET form that works before the island wakes, the browser checking what is required', () => {
    const html = tools('en');
    const track = formTag(html, 'tool-track');
    expect(track).toContain('method="get"');
    expect(track).toContain('action="/en/tracking"');
    expect(formTag(html, 'tool-office')).toContain('action="/en/office/office-locator"');
    // The calculator and the converter come back to their own page, the values in its query.
    expect(formTag(html, 'tool-rates')).toContain('action="#tool-rates"');
    expect(formTag(html, 'tool-converter')).toContain('action="#tool-converter"');
    for (const id of ['tool-track', 'tool-office', 'tool-rates', 'tool-converter']) {
      expect(formTag(html, id)).toContain('method="get"');
      expect(formTag(html, id)).not.toContain('novalidate');
    }
    expect(html).toMatch(/<input[^>]*required=""[^>]*name="awbNumber"/);
    expect(html).toMatch(/<input[^>]*name="unit"[^>]*value="0"[^>]*checked=""|<input[^>]*checked=""[^>]*value="0"/);
    // The converter's lists are in the markup, the language's pair chosen.
    expect(html).toMatch(/<select[^>]*name="currencyFrom"/);
    expect(html).toContain('<option value="USD" selected="">');
    expect(html).toContain('<option value="JOD" selected="">');
    expect(tools('ar')).toContain('دولار أمريكي');
  });

  it('shows the error a tracking number sent empty was answered with', () => {
    expect(tools('en')).not.toContain('Enter a tracking number.');
    const html = tools('en', 'validation.awbRequired');
    expect(html).toContain('Enter a tracking number.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="awbNumber"/);
  });

  it('renders the Arabic text in Arabic', () => {
    const { help, tools } = render('ar');
    expect(help).toContain('مواضيع المساعدة');
    expect(tools).toContain('حاسبة أسعار الشحن');
    expect(tools).not.toMatch(/widgets\.\w/);
    expect(help).not.toMatch(/widgets\.\w/);
  });
});
