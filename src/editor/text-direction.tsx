/**
 * Arabic text reads right to left in the editor, as on the site. Decap lays out every field left to right and
 * names a field's language only to its widget (`locale`), so the widgets that take text are wrapped: a field kept
 * per language is written in that language's direction, with its `lang`, even while empty; any other text (a
 * store's Arabic description, a slug) in the direction of its first letter, as `dir="auto"` would.
 */
import { createElement, type ComponentType, type Ref } from 'react';
import type { CMS } from 'decap-cms-core';
import { dirOf, isLang } from '../i18n/languages.ts';

/** The widgets whose controls take text. */
const TEXT_WIDGETS = ['string', 'text', 'markdown'] as const;

interface ControlProps {
  field: { get(key: string): unknown };
  locale?: string;
  value?: unknown;
  /** Decap's handle on the control (its validation and focus), passed on to the control itself. */
  ref?: Ref<unknown>;
}

/** The direction of a text: that of its first letter. */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const letter = /\p{L}/u.exec(text)?.[0] ?? '';
  return /\p{Script=Arabic}/u.test(letter) ? 'rtl' : 'ltr';
}

function directionOf({ field, locale, value }: ControlProps): { dir: 'ltr' | 'rtl'; lang?: string } {
  const translated = field.get('i18n') === true || field.get('i18n') === 'translate';
  if (translated && locale && isLang(locale)) return { dir: dirOf(locale), lang: locale };
  return { dir: textDirection(typeof value === 'string' ? value : '') };
}

function withTextDirection(Control: ComponentType<ControlProps>): ComponentType<ControlProps> {
  function DirectedControl({ ref, ...props }: ControlProps) {
    const { dir, lang } = directionOf(props);
    return (
      <div dir={dir} lang={lang}>
        {createElement(Control, { ...props, ref })}
      </div>
    );
  }
  DirectedControl.displayName = `Directed(${Control.displayName ?? Control.name})`;
  return DirectedControl;
}

/** A widget as Decap's registry keeps it (its types name the control's props, not the control). */
interface RegisteredWidget {
  control: ComponentType<ControlProps>;
  preview: unknown;
  schema?: unknown;
}

type RegisterWidget = (name: string, control: unknown, preview: unknown, schema: unknown) => void;

export function registerTextDirection(cms: CMS): void {
  for (const name of TEXT_WIDGETS) {
    // Decap's registry keeps a widget's control, preview and schema; these widgets carry nothing else.
    const widget = cms.getWidget(name) as unknown as RegisteredWidget | undefined;
    if (!widget) continue;
    (cms.registerWidget as unknown as RegisterWidget)(
      name,
      withTextDirection(widget.control),
      widget.preview,
      widget.schema,
    );
  }
}
